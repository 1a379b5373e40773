import { sitemapFileResponse } from '~/features/sitemap/sitemap.server.ts';
import type { Route } from './+types/sitemap.$area.$language.$type.$page';

/** /sitemap/{area}/{language}/{type}/{page} (spec §2 static server routes): one sitemap file, ≤ 50,000 URLs. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return sitemapFileResponse(request, params);
}
