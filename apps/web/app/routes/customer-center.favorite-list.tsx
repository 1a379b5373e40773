import { handleFavoriteListsAction, loadFavoriteListsPage } from '~/features/favorite-list/favorite-lists.server.ts';
import { FavoriteListsPage } from '~/features/favorite-list/favorite-lists-page.tsx';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.favorite-list';

export const meta: Route.MetaFunction = () => titleMeta('Favorite lists');

/** /customer-center/favorite-list (spec §2, issue 26 §1): the customer's favourite lists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return loadFavoriteListsPage(context, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCustomer(context, request);
  return handleFavoriteListsAction(request, context);
}

export default function FavoriteListsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FavoriteListsPage data={loaderData} result={actionData} />;
}
