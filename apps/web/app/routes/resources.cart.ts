import { loadCart } from '~/features/cart/cart.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/resources.cart';

/**
 * The mini-cart's data (header): the customer's current cart and its products (picture, link, variant); null for anonymous visitors and for staff without a customer. No redirect to /login
 * here: the mini-cart's fetcher is revalidated after every submission, logout included, and a redirect from a
 * fetcher would move the whole page to /login?redirect=/resources/cart.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = getSession(context);
  if (!session.isLoggedIn || !session.customer) return { cart: null, products: {} };
  return loadCart(context);
}
