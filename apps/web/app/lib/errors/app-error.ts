import { DEFAULT_ERROR_STATUS, STATUS_TEXTS } from '@b2b/contract/constants';
import { errorToastMessage, type ToastTexts } from '../toast/toast-texts.ts';

/** spec §8: where an error is shown. Local: beside its control; Header: a bar under the header; Modal: blocks the page. */
export type ErrorLevel = 'Local' | 'Header' | 'Modal';

/**
 * An HTTP error as the browser meets it: an answer of the storefront (an action's or resource route's error payload,
 * whose `type` is the API's exception type, spec §8) or a failed `fetch` Response read by `httpErrorOf`.
 */
export type HttpErrorInput = {
  kind: 'http';
  statusCode: number;
  statusText?: string | undefined;
  /** The answer's body: parsed JSON when it was JSON, else its text. */
  data?: unknown;
  /** The API's exception type, when the answer names one. */
  type?: string | undefined;
};

/** What the error store keeps of an error (spec §8). */
export type NormalizedError =
  | {
      kind: 'http';
      statusCode: number;
      statusText: string;
      data: unknown;
      type: string | undefined;
      /** `Exceptions.{type}` translated, else `Exceptions.DefaultErrorMessage`. */
      message: string;
    }
  | {
      kind: 'other';
      /** Other errors as they are; a JSON string parsed when it can be. */
      error: unknown;
      message: string;
    };

export function isHttpErrorInput(value: unknown): value is HttpErrorInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as HttpErrorInput).kind === 'http' &&
    typeof (value as HttpErrorInput).statusCode === 'number'
  );
}

function parseJsonString(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function typeOfBody(data: unknown): string | undefined {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/** spec §8: the global handler's record of an error. */
export function normalizeError(error: unknown, texts: ToastTexts): NormalizedError {
  if (isHttpErrorInput(error)) {
    const data = typeof error.data === 'string' ? parseJsonString(error.data) : error.data;
    const type = error.type ?? typeOfBody(data);
    return {
      kind: 'http',
      statusCode: error.statusCode,
      statusText: error.statusText || STATUS_TEXTS[error.statusCode] || 'Error',
      data,
      type,
      message: errorToastMessage(texts, type),
    };
  }
  const value = typeof error === 'string' ? parseJsonString(error) : error;
  const message =
    value instanceof Error
      ? value.message
      : typeof value === 'string'
        ? value
        : typeof (value as { message?: unknown } | null)?.message === 'string'
          ? (value as { message: string }).message
          : texts.defaultErrorMessage;
  return { kind: 'other', error: value, message };
}

/** The status a stored error reports (spec §9: default error status 500 for errors without one). */
export function statusOf(error: NormalizedError): number {
  return error.kind === 'http' ? error.statusCode : DEFAULT_ERROR_STATUS;
}

/**
 * Reads a failed `fetch` answer into an HttpErrorInput: the body as JSON when it is, else as text (spec §8: "a JSON
 * string body parsed when possible").
 */
export async function httpErrorOf(response: Response): Promise<HttpErrorInput> {
  const text = await response.text().catch(() => '');
  const data = text ? parseJsonString(text) : undefined;
  return { kind: 'http', statusCode: response.status, statusText: response.statusText, data, type: typeOfBody(data) };
}
