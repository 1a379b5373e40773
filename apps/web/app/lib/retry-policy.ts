import {
  RETRIES_FOR_IDEMPOTENT_REQUESTS,
  RETRIES_FOR_OTHER_REQUESTS,
  RETRY_STATUS_CODES,
} from '@b2b/contract/constants';

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set(RETRY_STATUS_CODES);

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** spec §9: idempotent requests are retried 0 times, others once. */
export function getMaxRetries(method: string): number {
  return isIdempotentMethod(method) ? RETRIES_FOR_IDEMPOTENT_REQUESTS : RETRIES_FOR_OTHER_REQUESTS;
}

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Whether a request that got `status` should be sent again.
 * `retriesDone` counts the retries already made (0 after the first attempt).
 * spec §9: retry on 408, 409, 425, 429, 500, 502, 503, 504; 0 times for idempotent methods, once for others.
 */
export function shouldRetry(input: { method: string; status: number; retriesDone: number }): boolean {
  return isRetryableStatus(input.status) && input.retriesDone < getMaxRetries(input.method);
}
