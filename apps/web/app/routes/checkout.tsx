import { getOrCreateCart } from '~/features/cart/cart.server.ts';
import { handleCheckoutAction, loadCheckout } from '~/features/checkout/checkout-data.server.ts';
import { CheckoutPage } from '~/features/checkout/checkout-page.tsx';
import { requireCustomer } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => titleMeta('Checkout');

/** /checkout (spec §2: auth required); an empty cart goes back to /cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return loadCheckout(context, await getOrCreateCart(context));
}

/** intent: set-address | set-shipping-method | place-order (→ /checkout/receipt). */
export async function action({ request, context }: Route.ActionArgs) {
  requireCustomer(context, request);
  return handleCheckoutAction(request, context);
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} actionData={actionData} />;
}
