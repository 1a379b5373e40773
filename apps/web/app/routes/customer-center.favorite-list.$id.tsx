import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { addLinesToCart, quantityRefusalMessage } from '~/features/cart/cart-action.server.ts';
import {
  addFavoriteLinesToCart,
  loadFavoriteListPage,
  removeFavoriteLine,
} from '~/features/favorite-list/favorite-list-page.server.ts';
import { FavoriteListPage } from '~/features/favorite-list/favorite-list-page.tsx';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.favorite-list.$id';

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data ? data.list.listName : 'Favorite list');

/** /customer-center/favorite-list/:id (spec §2, issue 26 §1): one of the customer's favourite lists. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return loadFavoriteListPage(context, params.id, new URL(request.url));
}

/** `intent`: add-all | add-selected (one AddOrUpdateLines call, the cart's own) | remove. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireCustomer(context, request);
  const form = await request.formData();
  if (form.get('intent') === 'remove') return removeFavoriteLine(context, params.id, form);
  return addFavoriteLinesToCart(
    context,
    params.id,
    form,
    async (lines) => {
      await addLinesToCart(context, lines);
    },
    quantityRefusalMessage,
  );
}

/**
 * An action refused with 409 (another tab saved the list first) reads the page's data again: React Router leaves it as
 * it was after a 4xx by default, and the page promises to show the list as it is now.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function FavoriteListRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FavoriteListPage data={loaderData} result={actionData} />;
}
