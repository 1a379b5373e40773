import { data } from 'react-router';
import { NotFoundPage } from '~/layout/error-pages.tsx';
import { titleMeta } from '~/lib/meta.ts';
import { getSafeRedirect } from '~/lib/redirect.ts';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => titleMeta('Page Not Found');

/** spec §2 /404: the not-found page, with status 404. `?path=` names the page that was missing (same-site only). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = getSafeRedirect(url.searchParams.get('path'), url.pathname);
  return data({ path }, { status: 404 });
}

export default function NotFoundRoute({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage path={loaderData.path} />;
}
