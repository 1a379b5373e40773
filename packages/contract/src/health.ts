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
 * The integrity report behind the storefront's `/integrity/Check` (spec §2 static routes): each check with its
 * outcome. HTTP 200 when all pass, 503 when any fails (a monitor alerts on the status alone).
 */
export const integrityCheckResponse = z.object({
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
export type IntegrityCheckResponse = z.infer<typeof integrityCheckResponse>;
