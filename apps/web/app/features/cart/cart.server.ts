import { DEFAULT_SHIP_TO_COUNTRY_CODE, DEFAULT_UNIT_OF_MEASURE } from '@b2b/contract';
import type { CalculateCartResponse, Cart } from '@b2b/contract/cart';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { emptyCartEvents, quantityChangeEvents, type TrackingEvent } from '~/lib/tracking/tracking-events.ts';
import type { CartLineProduct } from './cart-line-product.ts';
import { loadCartProducts } from './cart-products.server.ts';
import { createSharedCalculations, sharedCalculationKey } from './shared-calculation.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * spec §4 Cart: the buyer's open cart, fetched or created (GetOrCreateCart). Creation is forced where the spec's
 * app forces it, after a placed order, by the API itself: the order retires the cart in its transaction, so this
 * call opens the new one. The storefront never calls CreateCart, which would abandon a cart another tab has started
 * filling (ADR 035).
 */
export async function getOrCreateCart(context: Context): Promise<Cart> {
  const { area } = getSession(context);
  return (await getApi(context).call(cartEndpoints.getOrCreateCart, { body: { area } })).cart;
}

/**
 * spec §4 Cart load: the cart (getOrCreateCart), then the products of the cart not yet known, loaded with the
 * `product-cart` lookup template (cart-products.server.ts) — the picture, link and variant each line shows.
 */
export async function loadCart(context: Context): Promise<{ cart: Cart; products: Record<string, CartLineProduct> }> {
  const cart = await getOrCreateCart(context);
  return { cart, products: await loadCartProducts(context, cart) };
}

/**
 * The cart is not as the page showed it: a line it names is gone, or its version moved on (spec §8
 * CartHasBeenModifiedException, for a change). Nothing was changed; the page reloads the cart and says so.
 */
export class CartChangedError extends Error {
  constructor() {
    super('The cart changed since the page showed it.');
    this.name = 'CartChangedError';
  }
}

/** A change of the cart and the data layer events it causes (spec §4 Cart tracking). */
export type CartChange = { cart: Cart; tracking: TrackingEvent[] };

function sameKey(
  a: { productId: string; variantId?: string | null | undefined; unitOfMeasure?: string | undefined },
  b: { productId: string; variantId?: string | null | undefined; unitOfMeasure?: string | undefined },
) {
  return (
    a.productId === b.productId &&
    (a.variantId ?? null) === (b.variantId ?? null) &&
    (a.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE) === (b.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE)
  );
}

function lineQuantity(cart: Cart, lineId: string): number {
  return cart.lines.find((line) => line.id === lineId)?.quantity ?? 0;
}

/** Adds `quantity` of a product (or variant) to the cart; the line of the same product key grows. */
export async function addToCart(
  context: Context,
  input: { productId: string; variantId: string | null; unitOfMeasure: string; quantity: number },
): Promise<CartChange> {
  const { area } = getSession(context);
  const before = await getOrCreateCart(context);
  const productKey = { productId: input.productId, variantId: input.variantId, unitOfMeasure: input.unitOfMeasure };
  const { cart } = await getApi(context).call(cartEndpoints.addOrUpdateLines, {
    body: {
      area,
      cartId: before.cartId,
      lines: [{ productKey, quantity: input.quantity }],
      overrideExistingQuantity: false,
    },
  });
  const find = (target: Cart) =>
    target.lines.find((line) => !line.parentId && line.type === 'Product' && sameKey(line.productKey, productKey));
  const added = find(cart);
  const tracked = {
    productId: input.productId,
    variantId: input.variantId,
    name: added?.name ?? find(before)?.name,
  };
  return {
    cart,
    tracking: quantityChangeEvents(tracked, find(before)?.quantity ?? 0, added?.quantity ?? 0, cart.currencyCode),
  };
}

/** spec §4/§5: a new quantity above 0 updates the line, anything else deletes it. */
export async function changeLineQuantity(context: Context, lineId: string, quantity: number): Promise<CartChange> {
  const { area } = getSession(context);
  const before = await getOrCreateCart(context);
  const line = before.lines.find((candidate) => candidate.id === lineId);
  // Deleted meanwhile (another tab): deleting again is done; a new quantity is not brought back behind the back of
  // whoever deleted it, the page says so and shows the cart as it is (ADR 035).
  if (!line) {
    if (quantity > 0) throw new CartChangedError();
    return { cart: before, tracking: [] };
  }
  let cart: Cart;
  if (quantity > 0) {
    const body = { area, cartId: before.cartId, line: { lineId, quantity } };
    cart = (await getApi(context).call(cartEndpoints.updateLineQuantity, { body })).cart;
  } else {
    cart = await deleteLines(context, before.cartId, [lineId]);
  }
  const item = { productId: line.productKey.productId, variantId: line.productKey.variantId, name: line.name };
  return {
    cart,
    tracking: quantityChangeEvents(item, line.quantity, lineQuantity(cart, lineId), cart.currencyCode),
  };
}

async function deleteLines(context: Context, cartId: string, lineIds: string[]): Promise<Cart> {
  const { area } = getSession(context);
  return (await getApi(context).call(cartEndpoints.deleteLines, { body: { area, cartId, lineIds } })).cart;
}

/** Deletes one line: remove-from-cart tracking for its whole quantity. */
export async function deleteLine(context: Context, lineId: string): Promise<CartChange> {
  return changeLineQuantity(context, lineId, 0);
}

/**
 * spec §4: emptying the cart clears it on the server and sends remove tracking for every line. `shownVersion` is the
 * version of the cart the page showed: a cart changed since then (a line added in another tab) is not emptied, the
 * API answers CartHasBeenModifiedException and nothing is removed (ADR 035).
 */
export async function emptyCart(context: Context, shownVersion?: number): Promise<CartChange> {
  const { area } = getSession(context);
  const before = await getOrCreateCart(context);
  if (shownVersion !== undefined && shownVersion !== before.version) throw new CartChangedError();
  const body = { area, cartId: before.cartId, version: shownVersion };
  const { cart } = await getApi(context).call(cartEndpoints.emptyCart, { body });
  const lines = before.lines.map((line) => ({
    productId: line.productKey.productId,
    variantId: line.productKey.variantId,
    name: line.name,
    quantity: line.quantity,
    parentId: line.parentId,
  }));
  return { cart, tracking: emptyCartEvents(lines, before.currencyCode) };
}

/** The calculations under way in this web process, shared by equal requests (spec §4; shared-calculation.ts). */
const sharedCalculations = createSharedCalculations<CalculateCartResponse>();

/**
 * spec §4: CalculateCart for the version the client holds (409 CartHasBeenModifiedException when the cart changed
 * meanwhile). The ship-to country is the cart's ship-to address, else the spec §9 default US. Requests of one caller
 * for the same cart version and country share one pending call to the API; the internal variant records no hash, so
 * it is asked on its own.
 */
export async function calculateCart(
  context: Context,
  input: {
    cartId: string;
    version?: number | undefined;
    shipToCountryCode?: string | undefined;
    /** spec §4: the internal calculation variant (InternalCalculateCart); the browser records no hash for it. */
    internal?: boolean | undefined;
  },
): Promise<CalculateCartResponse> {
  const { area, user, customer, isImpersonating } = getSession(context);
  const shipToCountryCode = input.shipToCountryCode ?? DEFAULT_SHIP_TO_COUNTRY_CODE;
  const endpoint = input.internal ? cartEndpoints.internalCalculateCart : cartEndpoints.calculateCart;
  const ask = () =>
    getApi(context).call(endpoint, {
      body: { area, cartId: input.cartId, shipToCountryCode, version: input.version },
    });
  if (input.internal || input.version === undefined || !user || !customer) return ask();
  const key = sharedCalculationKey({
    username: user.username,
    customerNumber: customer.customerNumber,
    isImpersonating,
    areaId: area.areaId,
    cartId: input.cartId,
    version: input.version,
    shipToCountryCode,
  });
  return sharedCalculations.run(key, ask);
}
