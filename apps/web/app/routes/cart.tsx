import { getOrCreateCart } from '~/features/cart/cart.server.ts';
import { handleCartAction } from '~/features/cart/cart-action.server.ts';
import { CartPage } from '~/features/cart/cart-page.tsx';
import { requireUser } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => titleMeta('Cart');

/** /cart (spec §2: auth required). The calculation runs in the browser through /resources/cart-calculation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return { cart: await getOrCreateCart(context) };
}

/** The cart's one action (intent: add | update-quantity | delete-line | empty); listings and product pages post here. */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  return handleCartAction(request, context);
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return <CartPage cart={loaderData.cart} />;
}
