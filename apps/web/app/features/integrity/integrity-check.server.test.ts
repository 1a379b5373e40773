import type { IntegrityCheckResponse } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api.server.ts';
import { integrityCheckAnswer } from './integrity-check.server.ts';

const signal = new AbortController().signal;

function reportWith(failing: string[] = []): IntegrityCheckResponse {
  const names = ['database', 'migrations', 'searchIndex', 'mailOutbox'] as const;
  return {
    status: failing.length === 0 ? 'ok' : 'failing',
    checkedAt: '2026-11-22T23:00:00.000Z',
    checks: names.map((name) => ({ name, ok: !failing.includes(name), detail: `${name} detail` })),
  };
}

describe('integrityCheckAnswer (/integrity/Check)', () => {
  it('answers 200 with the API report when every check passes, never cached', async () => {
    const response = await integrityCheckAnswer(async () => reportWith(), signal);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual(reportWith());
  });

  it('answers 503 with the report when a check fails', async () => {
    const response = await integrityCheckAnswer(async () => reportWith(['searchIndex']), signal);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as IntegrityCheckResponse;
    expect(body.checks.find((check) => check.name === 'searchIndex')?.ok).toBe(false);
  });

  it.each([
    ['cannot be reached', new ApiError(503, 'NetworkError', 'An unexpected server error occurred.', null)],
    ['does not answer in time', new DOMException('The operation timed out.', 'TimeoutError')],
    ['answers with an error', new ApiError(500, 'UnexpectedServerError', 'An unexpected server error occurred.', null)],
  ])('answers 503 naming the API when it %s', async (_case, error) => {
    const response = await integrityCheckAnswer(async () => Promise.reject(error), signal);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as {
      status: string;
      checks: Array<{ name: string; ok: boolean; detail: string }>;
    };
    expect(body.status).toBe('failing');
    expect(body.checks).toEqual([{ name: 'api', ok: false, detail: expect.stringMatching(/^unreachable: /) }]);
  });

  it('answers 503 when the API answers something that is not a report', async () => {
    for (const answer of [undefined, { status: 'ok' }, '<html>', { ...reportWith(), status: 'fine' }]) {
      const response = await integrityCheckAnswer(async () => answer, signal);
      expect(response.status).toBe(503);
    }
  });
});
