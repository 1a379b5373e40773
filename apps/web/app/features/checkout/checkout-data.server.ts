import { DEFAULT_SHIP_TO_COUNTRY_CODE } from '@b2b/contract';
import { type Cart, cartIdSchema } from '@b2b/contract/cart';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { toErrorToastPayload } from '~/lib/toast/toast-payload.server.ts';
import type { ErrorToastPayload } from '~/lib/toast/toast-payload.ts';
import {
  calculateForCheckout,
  createOrder,
  findOrderByCartId,
  getAddresses,
  getCreditStatus,
  getPaymentMethods,
  getShippingMethods,
  setOrderFields,
  setPayment,
  setShipping,
} from './checkout.server.ts';
import { type CheckoutFieldErrors, parseCheckoutForm } from './checkout-form.ts';

type Context = Readonly<RouterContextProvider>;

export function receiptUrl(cartId: string): string {
  return `/checkout/receipt?cartId=${encodeURIComponent(cartId)}`;
}

/**
 * /checkout's data for the buyer's cart (the route loads it with the cart feature's getOrCreateCart; an empty one
 * sends the buyer back to /cart): the customer's addresses, the shipping methods for the chosen address's country
 * (with the fee this cart pays), payment methods, the calculated order summary, the customer's credit on account
 * (ADR 019), and an Idempotency-Key for this page view (the page keeps the first one it gets, so a retry sends the
 * same key).
 */
export async function loadCheckout(context: Context, cart: Cart) {
  if (cart.lines.length === 0) throw redirect('/cart');
  const [addresses, paymentMethods, creditStatus] = await Promise.all([
    getAddresses(context),
    getPaymentMethods(context),
    getCreditStatus(context),
  ]);
  const address =
    addresses.find((candidate) => candidate.addressId === cart.shippingAddress?.addressId) ??
    addresses.find((candidate) => candidate.isDefault) ??
    addresses[0] ??
    null;
  const countryCode = address?.countryCode ?? DEFAULT_SHIP_TO_COUNTRY_CODE;
  const [shippingMethods, calculation] = await Promise.all([
    getShippingMethods(context, countryCode, cart.cartId),
    calculateForCheckout(context, cart, countryCode).catch((error: unknown) => {
      console.error('[checkout] CalculateCart failed', error);
      return null;
    }),
  ]);
  const shippingMethodId =
    shippingMethods.find((method) => method.shippingMethodId === cart.shippingMethod?.shippingMethodId)
      ?.shippingMethodId ??
    shippingMethods[0]?.shippingMethodId ??
    '';
  const paymentMethodId =
    paymentMethods.find((method) => method.paymentMethodId === cart.paymentMethod?.paymentMethodId)?.paymentMethodId ??
    paymentMethods.find((method) => method.isDefault)?.paymentMethodId ??
    paymentMethods[0]?.paymentMethodId ??
    '';
  return {
    cart,
    addresses,
    addressId: address?.addressId ?? '',
    shippingMethods,
    shippingMethodId,
    paymentMethods,
    paymentMethodId,
    calculated: calculation?.cart ?? null,
    creditStatus,
    priceGroup: getSession(context).customer?.priceGroup ?? '',
    idempotencyKey: crypto.randomUUID(),
    cartLinesKey: cartLinesKey(cart),
  };
}

export type CheckoutActionData = {
  formError?: string;
  /** The order was refused for the credit limit: the message links the statement of account. */
  isCreditLimitExceeded?: boolean;
  fieldErrors?: CheckoutFieldErrors;
  /** The API failed or could not be reached (5xx): the page holds it as its error, with a retry (ADR 032). */
  serverError?: ErrorToastPayload;
  /** The cart changed since the page showed it: nothing was placed, the page reloads its summary (ADR 035). */
  cartChanged?: true;
};

/** The cart's lines are not those the buyer reviewed (another tab, a sales rep): the order is not placed. */
class ReviewedCartChanged extends Error {}

/** What the buyer reviews of the lines: each line (its id stands for its product key) and its quantity. */
export function cartLinesKey(cart: Pick<Cart, 'lines'>): string {
  return cart.lines
    .map((line) => `${line.id}:${line.quantity}`)
    .sort()
    .join(',');
}

export const PLACE_ORDER_MESSAGES = {
  cartChanged: 'Your cart changed while you checked out. Please check the order summary and place the order again.',
  failed: 'The order could not be placed. Please try again; the same order is never placed twice.',
  noCart: 'Your cart could not be found. Please open the cart again.',
} as const;

async function placeOrder(context: Context, form: FormData) {
  const cartId = cartIdSchema.safeParse(form.get('cartId'));
  if (!cartId.success) return data<CheckoutActionData>({ formError: PLACE_ORDER_MESSAGES.noCart }, { status: 400 });
  // A double submit or a retry after the order was placed: show that order instead of trying again.
  const existing = await findOrderByCartId(context, cartId.data);
  if (existing) throw redirect(receiptUrl(cartId.data));

  const [addresses, paymentMethods] = await Promise.all([getAddresses(context), getPaymentMethods(context)]);
  const chosenAddress = addresses.find((address) => address.addressId === form.get('addressId'));
  const shippingMethods = chosenAddress ? await getShippingMethods(context, chosenAddress.countryCode) : [];
  const parsed = parseCheckoutForm(form, {
    addressIds: addresses.map((address) => address.addressId),
    shippingMethodIds: shippingMethods.map((method) => method.shippingMethodId),
    paymentMethodIds: paymentMethods.map((method) => method.paymentMethodId),
  });
  if (!parsed.ok) {
    return data<CheckoutActionData>(
      { formError: 'Please check the highlighted fields.', fieldErrors: parsed.fieldErrors },
      { status: 400 },
    );
  }
  const { values } = parsed;
  // The lines the buyer reviewed. This page's own choices (address, shipping, payment, fields) change the cart too,
  // so the lines are compared, after the settings; from there the order names the version the last setting left,
  // and the API refuses it if anything changed in between (ADR 035).
  const reviewedLines = String(form.get('cartLines') ?? '');
  await setShipping(context, cartId.data, { addressId: values.addressId, shippingMethodId: values.shippingMethodId });
  await setPayment(context, cartId.data, values.paymentMethodId);
  const current = await setOrderFields(context, cartId.data, { comment: values.comment, reference: values.reference });
  const isReviewed = reviewedLines !== '';
  if (isReviewed && cartLinesKey(current) !== reviewedLines) throw new ReviewedCartChanged();
  await createOrder(context, cartId.data, values.idempotencyKey, isReviewed ? current.version : undefined);
  throw redirect(receiptUrl(cartId.data));
}

/** /checkout's action: `set-address` and `set-shipping-method` (the summary follows), `place-order`. */
export async function handleCheckoutAction(request: Request, context: Context) {
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    if (intent === 'place-order') return await placeOrder(context, form);
    const cartId = cartIdSchema.safeParse(form.get('cartId'));
    if (!cartId.success) return data<CheckoutActionData>({ formError: PLACE_ORDER_MESSAGES.noCart }, { status: 400 });
    if (intent === 'set-address') {
      await setShipping(context, cartId.data, { addressId: String(form.get('addressId') ?? '') });
      return data<CheckoutActionData>({});
    }
    if (intent === 'set-shipping-method') {
      await setShipping(context, cartId.data, { shippingMethodId: String(form.get('shippingMethodId') ?? '') });
      return data<CheckoutActionData>({});
    }
    return data<CheckoutActionData>({ formError: PLACE_ORDER_MESSAGES.failed }, { status: 400 });
  } catch (error) {
    if (
      error instanceof ReviewedCartChanged ||
      (error instanceof ApiError && error.type === 'CartHasBeenModifiedException')
    ) {
      return data<CheckoutActionData>(
        { formError: PLACE_ORDER_MESSAGES.cartChanged, cartChanged: true },
        { status: 409 },
      );
    }
    if (!(error instanceof ApiError)) throw error;
    console.error('[checkout] action failed', intent, error.status, error.type);
    if (error.type === 'CreditLimitExceededException') {
      // the API's message names the limit, the open balance and what is available (ADR 019); nothing was placed
      const formError = error.body?.message ?? PLACE_ORDER_MESSAGES.failed;
      return data<CheckoutActionData>({ formError, isCreditLimitExceeded: true }, { status: 409 });
    }
    const formError = error.status === 409 ? PLACE_ORDER_MESSAGES.cartChanged : PLACE_ORDER_MESSAGES.failed;
    return data<CheckoutActionData>(
      { formError, serverError: error.status >= 500 ? toErrorToastPayload(error) : undefined },
      { status: error.status >= 500 ? 502 : error.status },
    );
  }
}
