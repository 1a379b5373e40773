import { throwNotFoundOrRedirect } from '~/features/content/redirect.server.ts';
import type { Route } from './+types/links';

/**
 * /links/{links...} (spec §2, public, any number of segments): short links printed in catalogues and mails. The
 * redirect stored for the full path is followed (an absolute target as a full page load); a link without one is the
 * 404 page, "Page Not Found: <path>".
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return throwNotFoundOrRedirect(context, new URL(request.url).pathname);
}

/** Never shown: the loader always redirects or throws the 404. Being a page route lets that 404 render the page. */
export default function LinksRoute() {
  return null;
}
