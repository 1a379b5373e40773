/**
 * /integrity/Check (spec §2 static server routes): the health report monitors poll. The API checks what it owns
 * (database, migrations, search index age, mail outbox backlog; GET /api/Integrity/Check); the storefront adds the
 * one check only it can make, that the API answers at all. 200 when every check passes, 503 otherwise, never cached.
 *
 * Anonymous callers learn the status alone (issue 24); the checks are for the back office and for monitors that send
 * the API's integrity token (X-Integrity-Token), which this route passes on for the API to check. When the API cannot
 * be reached, nobody can check the token, so only a back-office session is told that the API is the failing check.
 */
import {
  INTEGRITY_TOKEN_HEADER,
  type IntegrityCheckResponse,
  integrityCheckResponse,
  MAX_INTEGRITY_TOKEN_LENGTH,
} from '@b2b/contract';
import { isApiError } from '~/lib/api.server.ts';

/** How long a monitor waits for the API's report before the storefront calls the API unreachable. */
const REPORT_TIMEOUT_MS = 10_000;

type IntegrityAnswer = {
  status: 'ok' | 'failing';
  checkedAt?: string;
  checks?: Array<{
    name: NonNullable<IntegrityCheckResponse['checks']>[number]['name'] | 'api';
    ok: boolean;
    detail: string;
  }>;
};

function answerResponse(answer: IntegrityAnswer): Response {
  return new Response(JSON.stringify(answer), {
    status: answer.status === 'ok' ? 200 : 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // each poll must reach the checks: a cached "ok" would hide an outage
      'cache-control': 'no-store',
    },
  });
}

function apiFailure(detail: string, isBackOffice: boolean): Response {
  if (!isBackOffice) return answerResponse({ status: 'failing' });
  return answerResponse({
    status: 'failing',
    checkedAt: new Date().toISOString(),
    checks: [{ name: 'api', ok: false, detail }],
  });
}

/**
 * The caller's X-Integrity-Token as a header for the API call, or undefined without one. A token too long to be one is
 * not passed on, so it cannot turn the answer into the API's 400 (and a 503 here).
 */
export function integrityTokenHeaders(request: Request): Record<string, string> | undefined {
  const token = request.headers.get(INTEGRITY_TOKEN_HEADER);
  return token && token.length <= MAX_INTEGRITY_TOKEN_LENGTH ? { [INTEGRITY_TOKEN_HEADER]: token } : undefined;
}

/**
 * The API's answer from `fetchReport` (the integrity call with the caller's credentials, given by the route), as the
 * API gave it: the whole report or the status alone. When the API cannot be reached, answers with an error or
 * answers something that is not a report: failing, naming the API to a back-office session only.
 */
export async function integrityCheckAnswer(
  fetchReport: (signal: AbortSignal) => Promise<unknown>,
  signal: AbortSignal,
  caller: { isBackOffice: boolean },
): Promise<Response> {
  let answer: unknown;
  try {
    answer = await fetchReport(AbortSignal.any([signal, AbortSignal.timeout(REPORT_TIMEOUT_MS)]));
  } catch (error) {
    if (signal.aborted) throw error;
    if (isApiError(error) && error.type !== 'NetworkError' && error.type !== 'TimeoutError') {
      return apiFailure(`unreachable: the API answered ${error.status}`, caller.isBackOffice);
    }
    const cause = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in 10 s' : 'no answer';
    return apiFailure(`unreachable: ${cause}`, caller.isBackOffice);
  }
  const parsed = integrityCheckResponse.safeParse(answer);
  if (!parsed.success) {
    return apiFailure('unreachable: the API answered something that is not an integrity report', caller.isBackOffice);
  }
  return answerResponse(parsed.data);
}
