import type { ShouldRevalidateFunctionArgs } from 'react-router';
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

/**
 * An action refused with 409 (another tab saved the list first) reads the page's data again: React Router leaves it as
 * it was after a 4xx by default, and the page promises to show the list as it is now.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function FavoriteListsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FavoriteListsPage data={loaderData} result={actionData} />;
}
