import { sitemapIndexResponse } from '~/features/sitemap/sitemap.server.ts';
import type { Route } from './+types/sitemap.$area.$language';

/** /sitemap/{area}/{language} (spec §2 static server routes): the sitemap index of an area and language. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return sitemapIndexResponse(request, params);
}
