import { DEFAULT_ERROR_STATUS, STATUS_TEXTS, UNEXPECTED_SERVER_ERROR_MESSAGE } from '@b2b/contract';
import { ApiError } from '~/lib/api.server.ts';
import type { ErrorToastPayload } from './toast-payload.ts';

/** Turns a failed API call (or anything thrown) into the global error toast's payload (spec §8). */
export function toErrorToastPayload(error: unknown): ErrorToastPayload {
  if (error instanceof ApiError) {
    return {
      key: crypto.randomUUID(),
      statusCode: error.status,
      statusMessage: error.statusText,
      type: error.type,
      message: error.message,
    };
  }
  return {
    key: crypto.randomUUID(),
    statusCode: DEFAULT_ERROR_STATUS,
    statusMessage: STATUS_TEXTS[DEFAULT_ERROR_STATUS] ?? 'Internal Server Error',
    message: UNEXPECTED_SERVER_ERROR_MESSAGE,
  };
}
