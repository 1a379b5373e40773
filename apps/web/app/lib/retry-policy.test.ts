import { describe, expect, it } from 'vitest';
import { getMaxRetries, isIdempotentMethod, isRetryableStatus, shouldRetry } from './retry-policy.ts';

describe('retry policy (spec §9)', () => {
  it('treats GET, PUT and DELETE as idempotent, POST and PATCH not', () => {
    expect(['GET', 'put', 'DELETE', 'HEAD'].map(isIdempotentMethod)).toEqual([true, true, true, true]);
    expect(['POST', 'PATCH'].map(isIdempotentMethod)).toEqual([false, false]);
  });

  it('retries idempotent requests 0 times and others once', () => {
    expect(getMaxRetries('GET')).toBe(0);
    expect(getMaxRetries('PUT')).toBe(0);
    expect(getMaxRetries('DELETE')).toBe(0);
    expect(getMaxRetries('POST')).toBe(1);
    expect(getMaxRetries('PATCH')).toBe(1);
  });

  // spec §9, literally: "HTTP client retries on 408, 409, 425, 429, 500, 502, 503, 504".
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a POST once on %i', (status) => {
    expect(shouldRetry({ method: 'POST', status, retriesDone: 0 })).toBe(true);
    expect(shouldRetry({ method: 'POST', status, retriesDone: 1 })).toBe(false);
    expect(shouldRetry({ method: 'GET', status, retriesDone: 0 })).toBe(false);
  });

  // The neighbours of the retried statuses, so a widened list (a range, 4xx, 5xx) fails here.
  it.each([200, 201, 400, 401, 403, 404, 407, 410, 422, 424, 426, 428, 430, 499, 501, 505, 599])(
    'never retries %i',
    (status) => {
      expect(shouldRetry({ method: 'POST', status, retriesDone: 0 })).toBe(false);
      expect(shouldRetry({ method: 'PATCH', status, retriesDone: 0 })).toBe(false);
    },
  );

  it('retries exactly the eight statuses of spec §9 among all HTTP statuses', () => {
    const retried = Array.from({ length: 500 }, (_, index) => 100 + index).filter(isRetryableStatus);
    expect(retried).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });
});
