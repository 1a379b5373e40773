import { robotsTxtResponse } from '~/features/sitemap/sitemap.server.ts';
import type { Route } from './+types/robots.txt';

/** /robots.txt: crawling rules and the sitemap indexes of every area. */
export async function loader({ request }: Route.LoaderArgs) {
  return robotsTxtResponse(request);
}
