/** Drizzle queries of the redirects (GetRedirectByUrl). */
import type { Executor } from '@b2b/db';
import { redirects } from '@b2b/db/schema';
import { and, eq } from 'drizzle-orm';

export type RedirectRow = typeof redirects.$inferSelect;

/** The redirect stored for a content path in an area: one look-up on the unique (area_id, from_path) index. */
export async function findRedirectByPath(db: Executor, areaId: string, fromPath: string): Promise<RedirectRow | null> {
  const [row] = await db
    .select()
    .from(redirects)
    .where(and(eq(redirects.areaId, areaId), eq(redirects.fromPath, fromPath)))
    .limit(1);
  return row ?? null;
}
