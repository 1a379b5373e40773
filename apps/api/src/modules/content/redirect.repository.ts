/** Drizzle queries of the redirects (the redirect maps of GetRedirectByUrl and the storefront). */
import type { Executor } from '@b2b/db';
import { redirects } from '@b2b/db/schema';

export type RedirectRow = typeof redirects.$inferSelect;

/** Every redirect of every area: the columns a redirect map keeps. */
export async function listAllRedirects(
  db: Executor,
): Promise<{ areaId: string; fromPath: string; toUrl: string; status: number }[]> {
  return db
    .select({
      areaId: redirects.areaId,
      fromPath: redirects.fromPath,
      toUrl: redirects.toUrl,
      status: redirects.status,
    })
    .from(redirects);
}
