import { getOrCreateCart } from '~/features/cart/cart.server.ts';
import { requireUser } from '~/lib/auth.server.ts';
import type { Route } from './+types/resources.cart';

/** The mini-cart's data (header): the customer's current cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return { cart: await getOrCreateCart(context) };
}
