/**
 * Tag-manager data layer events (issue 3 §4; spec §4 Cart: add-to-cart tracking when a quantity goes up,
 * remove-from-cart when it goes down or a line is deleted, one per line when the cart is emptied; Authentication:
 * login). Pure: pages compute the events from quantities before and after a change and push them in the browser.
 * The shape follows the GA4 e-commerce events that Google Tag Manager templates expect.
 */

export type TrackedItem = {
  productId: string;
  variantId?: string | null | undefined;
  name?: string | undefined;
  /** Net unit price excluding VAT, when known. */
  unitPrice?: number | null | undefined;
};

export type EcommerceItem = {
  item_id: string;
  item_name?: string;
  item_variant?: string;
  price?: number;
  quantity: number;
};

export type CartTrackingEvent = {
  event: 'add_to_cart' | 'remove_from_cart';
  ecommerce: { currency: string; value?: number; items: EcommerceItem[] };
};
export type LoginTrackingEvent = { event: 'login'; method: string };
export type TrackingEvent = CartTrackingEvent | LoginTrackingEvent;

function toEcommerceItem(item: TrackedItem, quantity: number): EcommerceItem {
  const result: EcommerceItem = { item_id: item.productId, quantity };
  if (item.name) result.item_name = item.name;
  if (item.variantId) result.item_variant = item.variantId;
  if (typeof item.unitPrice === 'number') result.price = item.unitPrice;
  return result;
}

function cartEvent(
  event: CartTrackingEvent['event'],
  item: TrackedItem,
  quantity: number,
  currency: string,
): CartTrackingEvent {
  const ecommerceItem = toEcommerceItem(item, quantity);
  const ecommerce: CartTrackingEvent['ecommerce'] = { currency, items: [ecommerceItem] };
  if (ecommerceItem.price !== undefined) ecommerce.value = Math.round(ecommerceItem.price * quantity * 100) / 100;
  return { event, ecommerce };
}

function wholeNonNegative(quantity: number): number {
  return Number.isFinite(quantity) ? Math.max(0, Math.trunc(quantity)) : 0;
}

/**
 * The event for one line whose quantity went from `before` to `after` (0 = no line): add_to_cart for an increase,
 * remove_from_cart for a decrease or a deletion, nothing when it did not change.
 */
export function quantityChangeEvents(
  item: TrackedItem,
  before: number,
  after: number,
  currency: string,
): CartTrackingEvent[] {
  const difference = wholeNonNegative(after) - wholeNonNegative(before);
  if (difference > 0) return [cartEvent('add_to_cart', item, difference, currency)];
  if (difference < 0) return [cartEvent('remove_from_cart', item, -difference, currency)];
  return [];
}

/** Emptying the cart: one remove_from_cart per line with its whole quantity (sub-lines go with their parent). */
export function emptyCartEvents(
  lines: readonly (TrackedItem & { quantity: number; parentId?: string | null })[],
  currency: string,
): CartTrackingEvent[] {
  return lines
    .filter((line) => !line.parentId && wholeNonNegative(line.quantity) > 0)
    .map((line) => cartEvent('remove_from_cart', line, wholeNonNegative(line.quantity), currency));
}

/** spec §4 Authentication: "tracks the login" — once, when the session turns from anonymous to logged in. */
export function loginEvents(wasLoggedIn: boolean | null, isLoggedIn: boolean): LoginTrackingEvent[] {
  return wasLoggedIn === false && isLoggedIn ? [{ event: 'login', method: 'password' }] : [];
}
