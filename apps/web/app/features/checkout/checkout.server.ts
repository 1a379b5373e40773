import { DEFAULT_SHIP_TO_COUNTRY_CODE, IDEMPOTENCY_KEY_HEADER } from '@b2b/contract';
import type { Cart, SetShippingBody } from '@b2b/contract/cart';
import type { CustomerAddress, GetCreditStatusResponse } from '@b2b/contract/customer';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { paymentEndpoints } from '@b2b/contract/endpoints/payment';
import { shippingEndpoints } from '@b2b/contract/endpoints/shipping';
import type { Order } from '@b2b/contract/order';
import type { PaymentMethod } from '@b2b/contract/payment';
import type { ShippingMethodOption } from '@b2b/contract/shipping';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';

type Context = Readonly<RouterContextProvider>;

export async function getAddresses(context: Context): Promise<CustomerAddress[]> {
  const { area } = getSession(context);
  return (await getApi(context).call(customerEndpoints.getAddresses, { body: { area } })).addresses;
}

/**
 * The shipping methods to a country. With `cartId` each fee is the one that cart pays (free from the method's
 * threshold): the same figure CalculateCart charges and the order books, so checkout never shows another fee.
 */
export async function getShippingMethods(
  context: Context,
  countryCode: string,
  cartId?: string,
): Promise<ShippingMethodOption[]> {
  const { area } = getSession(context);
  const body = { area, countryCode, ...(cartId ? { cartId } : {}) };
  const response = await getApi(context).call(shippingEndpoints.getShippingMethods, { body });
  return response.shippingMethods;
}

/**
 * Payment methods checkout offers. Payment on account (Invoice) needs nothing more at checkout; a card payment
 * needs the provider's payment page, which this storefront does not run yet, so card methods are left out.
 */
export async function getPaymentMethods(context: Context): Promise<PaymentMethod[]> {
  const { area } = getSession(context);
  const response = await getApi(context).call(paymentEndpoints.getPaymentMethods, { body: { area } });
  return response.paymentMethods.filter((method) => method.kind === 'Invoice');
}

/**
 * The customer's credit on account (GetCreditStatus, ADR 019), for the note before "Place order"; null when it cannot
 * be had (the order is checked again when placed, so checkout still works).
 */
export async function getCreditStatus(context: Context): Promise<GetCreditStatusResponse | null> {
  const { area } = getSession(context);
  try {
    return await getApi(context).call(customerEndpoints.getCreditStatus, { body: { area } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error('[checkout] GetCreditStatus failed', error.status, error.type);
    return null;
  }
}

export async function calculateForCheckout(context: Context, cart: Cart, shipToCountryCode: string) {
  const { area } = getSession(context);
  return getApi(context).call(cartEndpoints.calculateCart, {
    body: { area, cartId: cart.cartId, shipToCountryCode: shipToCountryCode || DEFAULT_SHIP_TO_COUNTRY_CODE },
  });
}

export async function setShipping(
  context: Context,
  cartId: string,
  input: { addressId?: string | undefined; shippingMethodId?: string | undefined },
): Promise<Cart> {
  const { area } = getSession(context);
  const body: SetShippingBody = { area, cartId };
  if (input.addressId) body.shippingAddress = { addressId: input.addressId };
  if (input.shippingMethodId) body.shippingMethod = { shippingMethodId: input.shippingMethodId };
  return (await getApi(context).call(cartEndpoints.setShipping, { body })).cart;
}

export async function setPayment(context: Context, cartId: string, paymentMethodId: string): Promise<Cart> {
  const { area } = getSession(context);
  const body = { area, cartId, paymentMethod: { paymentMethodId } };
  return (await getApi(context).call(cartEndpoints.setPayment, { body })).cart;
}

export async function setOrderFields(
  context: Context,
  cartId: string,
  fields: { comment: string; reference: string },
): Promise<Cart> {
  const { area } = getSession(context);
  const body = { area, cartId, comment: fields.comment, reference: fields.reference };
  return (await getApi(context).call(cartEndpoints.setOrderFields, { body })).cart;
}

/** The order placed from a cart, or null when the cart has none (404). */
export async function findOrderByCartId(context: Context, cartId: string): Promise<Order | null> {
  const { area } = getSession(context);
  try {
    return (await getApi(context).call(orderEndpoints.getOrderByCartId, { body: { area, cartId } })).order;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * CreateOrderByCartId with the page view's Idempotency-Key: a double submit or a retry gives back the same order.
 * With `cartVersion`, a cart changed since that version is not placed (409 CartHasBeenModifiedException).
 */
export async function createOrder(
  context: Context,
  cartId: string,
  idempotencyKey: string,
  cartVersion?: number,
): Promise<Order> {
  const { area } = getSession(context);
  const response = await getApi(context).call(
    orderEndpoints.createOrderByCartId,
    { body: { area, cartId, cartVersion } },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
  return response.order;
}
