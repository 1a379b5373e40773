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
