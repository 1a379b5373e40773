import type { DatabaseKind } from '@b2b/db';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';

/** Runs `select 1` so a dead database shows as a 500 rather than a healthy API. */
export async function checkHealth(ctx: RequestContext, kind: DatabaseKind) {
  await ctx.db.execute(sql`select 1`);
  return { status: 'ok' as const, database: kind };
}
