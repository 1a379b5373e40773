import type { HealthResponse } from '@b2b/contract/health';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';

/** Runs `select 1` so a dead database shows as a 500 rather than a healthy API. */
export async function checkHealth(ctx: RequestContext): Promise<HealthResponse> {
  await ctx.db.execute(sql`select 1`);
  return { status: 'ok' };
}
