/** The health check of load balancers (architecture "Scale-out"); not a spec call. */
import { z } from 'zod';

/**
 * Says only that the API and its database answer. Which database engine runs behind it is nothing an anonymous
 * caller needs, and naming it tells an attacker which exploits to try.
 */
export const healthResponse = z.object({
  status: z.literal('ok').describe('The API answers and its database answers.'),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/**
 * The request header that carries the integrity token (the API's INTEGRITY_CHECK_TOKEN) to GetIntegrityCheck; the
 * storefront's `/integrity/Check` passes a monitor's on.
 */
export const INTEGRITY_TOKEN_HEADER = 'x-integrity-token';
/** The longest integrity token there can be: INTEGRITY_CHECK_TOKEN may not be longer. */
export const MAX_INTEGRITY_TOKEN_LENGTH = 200;

export const integrityCheckHeaders = z.looseObject({
  [INTEGRITY_TOKEN_HEADER]: z
    .string()
    .max(MAX_INTEGRITY_TOKEN_LENGTH)
    .optional()
    .describe('The integrity token (INTEGRITY_CHECK_TOKEN): with it, the answer names each check.'),
});

/**
 * The integrity report behind the storefront's `/integrity/Check` (spec §2 static routes): each check with its
 * outcome. HTTP 200 when all pass, 503 when any fails (a monitor alerts on the status alone).
 */
export const integrityReport = z.object({
  status: z.enum(['ok', 'failing']),
  checkedAt: z.string(),
  checks: z.array(
    z.object({
      name: z.enum(['database', 'migrations', 'searchIndex', 'mailOutbox']),
      ok: z.boolean(),
      detail: z.string().describe('e.g. "8 of 8 migrations applied", "index built 42 s ago", "3 mails waiting".'),
    }),
  ),
});
export type IntegrityReport = z.infer<typeof integrityReport>;

/**
 * What GetIntegrityCheck answers: the whole report to the back office and to a caller with the integrity token; the
 * status alone to anyone else, since how many migrations ran, how old the index is and how many mails wait tell an
 * outsider more than a monitor needs (issue 24).
 */
export const integrityCheckResponse = z.object({
  status: integrityReport.shape.status,
  checkedAt: integrityReport.shape.checkedAt.optional().describe('With the detail only.'),
  checks: integrityReport.shape.checks.optional().describe('With the detail only.'),
});
export type IntegrityCheckResponse = z.infer<typeof integrityCheckResponse>;
