import { DEFAULT_SHIP_TO_COUNTRY_CODE, DEFAULT_UNIT_OF_MEASURE } from '@b2b/contract/constants';
import { loadCart } from '~/features/cart/cart.server.ts';
import { handleCartAction } from '~/features/cart/cart-action.server.ts';
import { CartPage } from '~/features/cart/cart-page.tsx';
import { getAddresses } from '~/features/checkout/checkout.server.ts';
import { QuickOrderPanel } from '~/features/quick-order/quick-order-panel.tsx';
import { requireCustomer } from '~/lib/auth.server.ts';
import { loadFavoriteMarks } from '~/lib/favorites/favorite-lists.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => titleMeta('Cart');

/**
 * /cart (spec §2: auth required). The calculation runs in the browser through /resources/cart-calculation, for the
 * country of the customer's default ship-to address (the cart's own address wins at the API; spec §9 default US);
 * it also answers the small-order surcharge and free freight the totals' notes state. The lines' hearts say which are
 * in the active favourite list (issue 26 §1).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const [{ cart, products }, addresses] = await Promise.all([
    loadCart(context),
    getAddresses(context).catch((error: unknown) => {
      console.error('[cart] GetAddresses failed; calculating for the default country', error);
      return [];
    }),
  ]);
  const favorites = await loadFavoriteMarks(
    context,
    cart.lines
      .filter((line) => !line.parentId && line.type === 'Product')
      .map(({ productKey }) => ({
        productId: productKey.productId,
        variantId: productKey.variantId ?? null,
        unitOfMeasure: productKey.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE,
      })),
  );
  const address = addresses.find((candidate) => candidate.isDefault) ?? addresses[0];
  const shipToCountryCode = cart.shippingAddress?.countryCode ?? address?.countryCode ?? DEFAULT_SHIP_TO_COUNTRY_CODE;
  return {
    cart,
    products,
    shipToCountryCode,
    priceGroup: getSession(context).customer?.priceGroup ?? '',
    favorites,
  };
}

/** The cart's one action (intent: add | update-quantity | delete-line | empty); listings and product pages post here. */
export async function action({ request, context }: Route.ActionArgs) {
  requireCustomer(context, request);
  return handleCartAction(request, context);
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <CartPage {...loaderData} />
      <QuickOrderPanel />
    </>
  );
}
