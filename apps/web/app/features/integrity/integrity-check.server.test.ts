import type { IntegrityReport } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api.server.ts';
import { integrityCheckAnswer, integrityTokenHeaders } from './integrity-check.server.ts';

const signal = new AbortController().signal;
const ANONYMOUS = { isBackOffice: false };
const BACK_OFFICE = { isBackOffice: true };

function reportWith(failing: string[] = []): IntegrityReport {
  const names = ['database', 'migrations', 'searchIndex', 'mailOutbox'] as const;
  return {
    status: failing.length === 0 ? 'ok' : 'failing',
    checkedAt: '2026-11-22T23:00:00.000Z',
    checks: names.map((name) => ({ name, ok: !failing.includes(name), detail: `${name} detail` })),
  };
}

describe('integrityCheckAnswer (/integrity/Check)', () => {
  it('answers 200 with the API report when every check passes, never cached', async () => {
    const response = await integrityCheckAnswer(async () => reportWith(), signal, BACK_OFFICE);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual(reportWith());
  });

  it('answers 503 with the report when a check fails', async () => {
    const response = await integrityCheckAnswer(async () => reportWith(['searchIndex']), signal, BACK_OFFICE);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as IntegrityReport;
    expect(body.checks.find((check) => check.name === 'searchIndex')?.ok).toBe(false);
  });

  it('passes on the status alone when that is all the API tells the caller', async () => {
    for (const status of ['ok', 'failing'] as const) {
      const response = await integrityCheckAnswer(async () => ({ status }), signal, ANONYMOUS);
      expect(response.status).toBe(status === 'ok' ? 200 : 503);
      expect(await response.json()).toEqual({ status });
    }
  });

  it.each([
    ['cannot be reached', new ApiError(503, 'NetworkError', 'An unexpected server error occurred.', null)],
    ['does not answer in time', new DOMException('The operation timed out.', 'TimeoutError')],
    ['answers with an error', new ApiError(500, 'UnexpectedServerError', 'An unexpected server error occurred.', null)],
  ])('answers 503 when the API %s, naming the API to the back office only', async (_case, error) => {
    const forOffice = await integrityCheckAnswer(async () => Promise.reject(error), signal, BACK_OFFICE);
    expect(forOffice.status).toBe(503);
    expect(forOffice.headers.get('cache-control')).toBe('no-store');
    const body = (await forOffice.json()) as IntegrityReport;
    expect(body.status).toBe('failing');
    expect(body.checks).toEqual([{ name: 'api', ok: false, detail: expect.stringMatching(/^unreachable: /) }]);

    const forAnyone = await integrityCheckAnswer(async () => Promise.reject(error), signal, ANONYMOUS);
    expect(forAnyone.status).toBe(503);
    expect(await forAnyone.json()).toEqual({ status: 'failing' });
  });

  it('answers 503 when the API answers something that is not a report', async () => {
    for (const answer of [undefined, { checks: [] }, '<html>', { ...reportWith(), status: 'fine' }]) {
      const response = await integrityCheckAnswer(async () => answer, signal, ANONYMOUS);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'failing' });
    }
  });

  it('passes a monitor’s X-Integrity-Token on to the API, but none too long to be one', () => {
    const withToken = (token: string) =>
      new Request('http://shop.example/integrity/Check', { headers: { 'X-Integrity-Token': token } });
    expect(integrityTokenHeaders(withToken('monitor-token-0123456789'))).toEqual({
      'x-integrity-token': 'monitor-token-0123456789',
    });
    expect(integrityTokenHeaders(withToken('x'.repeat(201)))).toBeUndefined();
    expect(integrityTokenHeaders(new Request('http://shop.example/integrity/Check'))).toBeUndefined();
  });
});
