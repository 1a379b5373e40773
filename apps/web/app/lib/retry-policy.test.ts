import { RETRY_STATUS_CODES } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { getMaxRetries, isIdempotentMethod, shouldRetry } from './retry-policy.ts';

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

  it.each(RETRY_STATUS_CODES.map((status) => [status]))('retries a POST once on %i', (status) => {
    expect(shouldRetry({ method: 'POST', status, retriesDone: 0 })).toBe(true);
    expect(shouldRetry({ method: 'POST', status, retriesDone: 1 })).toBe(false);
    expect(shouldRetry({ method: 'GET', status, retriesDone: 0 })).toBe(false);
  });

  it.each([400, 401, 403, 404, 422, 501])('never retries %i', (status) => {
    expect(shouldRetry({ method: 'POST', status, retriesDone: 0 })).toBe(false);
    expect(shouldRetry({ method: 'PATCH', status, retriesDone: 0 })).toBe(false);
  });
});
