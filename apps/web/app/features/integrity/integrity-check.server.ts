/**
 * /integrity/Check (spec §2 static server routes): the health report monitors poll. The API checks what it owns
 * (database, migrations, search index age, mail outbox backlog; GET /api/Integrity/Check); the storefront adds the
 * one check only it can make, that the API answers at all. 200 when every check passes, 503 otherwise, never cached.
 */
import { type IntegrityCheckResponse, integrityCheckResponse } from '@b2b/contract';
import { isApiError } from '~/lib/api.server.ts';

/** How long a monitor waits for the API's report before the storefront calls the API unreachable. */
const REPORT_TIMEOUT_MS = 10_000;

type IntegrityReport = {
  status: 'ok' | 'failing';
  checkedAt: string;
  checks: Array<{ name: IntegrityCheckResponse['checks'][number]['name'] | 'api'; ok: boolean; detail: string }>;
};

function reportResponse(report: IntegrityReport): Response {
  return new Response(JSON.stringify(report), {
    status: report.status === 'ok' ? 200 : 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // each poll must reach the checks: a cached "ok" would hide an outage
      'cache-control': 'no-store',
    },
  });
}

function apiFailure(detail: string): Response {
  return reportResponse({
    status: 'failing',
    checkedAt: new Date().toISOString(),
    checks: [{ name: 'api', ok: false, detail }],
  });
}

/**
 * The report from `fetchReport` (the API's integrity call, given by the route), or a failing report naming the
 * API when it cannot be reached, answers with an error or answers something that is not a report.
 */
export async function integrityCheckAnswer(
  fetchReport: (signal: AbortSignal) => Promise<unknown>,
  signal: AbortSignal,
): Promise<Response> {
  let answer: unknown;
  try {
    answer = await fetchReport(AbortSignal.any([signal, AbortSignal.timeout(REPORT_TIMEOUT_MS)]));
  } catch (error) {
    if (signal.aborted) throw error;
    if (isApiError(error) && error.type !== 'NetworkError' && error.type !== 'TimeoutError') {
      return apiFailure(`unreachable: the API answered ${error.status}`);
    }
    const cause = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in 10 s' : 'no answer';
    return apiFailure(`unreachable: ${cause}`);
  }
  const parsed = integrityCheckResponse.safeParse(answer);
  if (!parsed.success) return apiFailure('unreachable: the API answered something that is not an integrity report');
  return reportResponse(parsed.data);
}
