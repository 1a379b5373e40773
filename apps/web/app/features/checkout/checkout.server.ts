import { DEFAULT_SHIP_TO_COUNTRY_CODE } from '@b2b/contract';
import type {
  CalculateCartResponse,
  Cart,
  CartResponse,
  SetOrderFieldsBody,
  SetPaymentBody,
  SetShippingBody,
} from '@b2b/contract/cart';
import type { CustomerAddress, GetAddressesResponse } from '@b2b/contract/customer';
import {
  type CreateOrderByCartIdResponse,
  type GetOrderByCartIdResponse,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
} from '@b2b/contract/order';
import type { GetPaymentMethodsResponse, PaymentMethod } from '@b2b/contract/payment';
import type { GetShippingMethodsResponse, ShippingMethodOption } from '@b2b/contract/shipping';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';

type Context = Readonly<RouterContextProvider>;

export async function getAddresses(context: Context): Promise<CustomerAddress[]> {
  const { area } = getSession(context);
  return (await getApi(context).post<GetAddressesResponse>('/api/Customer/GetAddresses', { area })).addresses;
}

export async function getShippingMethods(context: Context, countryCode: string): Promise<ShippingMethodOption[]> {
  const { area } = getSession(context);
  const response = await getApi(context).post<GetShippingMethodsResponse>('/api/Shipping/GetShippingMethods', {
    area,
    countryCode,
  });
  return response.shippingMethods;
}

/**
 * Payment methods checkout offers. Payment on account (Invoice) needs nothing more at checkout; a card payment
 * needs the provider's payment page, which this storefront does not run yet, so card methods are left out.
 */
export async function getPaymentMethods(context: Context): Promise<PaymentMethod[]> {
  const { area } = getSession(context);
  const response = await getApi(context).post<GetPaymentMethodsResponse>('/api/Payment/GetPaymentMethods', { area });
  return response.paymentMethods.filter((method) => method.kind === 'Invoice');
}

export async function calculateForCheckout(context: Context, cart: Cart, shipToCountryCode: string) {
  const { area } = getSession(context);
  return getApi(context).post<CalculateCartResponse>('/api/Cart/CalculateCart', {
    area,
    cartId: cart.cartId,
    shipToCountryCode: shipToCountryCode || DEFAULT_SHIP_TO_COUNTRY_CODE,
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
  return (await getApi(context).patch<CartResponse>('/api/Cart/SetShipping', body)).cart;
}

export async function setPayment(context: Context, cartId: string, paymentMethodId: string): Promise<Cart> {
  const { area } = getSession(context);
  const body: SetPaymentBody = { area, cartId, paymentMethod: { paymentMethodId } };
  return (await getApi(context).patch<CartResponse>('/api/Cart/SetPayment', body)).cart;
}

export async function setOrderFields(
  context: Context,
  cartId: string,
  fields: { comment: string; reference: string },
): Promise<Cart> {
  const { area } = getSession(context);
  const body: SetOrderFieldsBody = { area, cartId, comment: fields.comment, reference: fields.reference };
  return (await getApi(context).patch<CartResponse>('/api/Cart/SetOrderFields', body)).cart;
}

/** The order placed from a cart, or null when the cart has none (404). */
export async function findOrderByCartId(context: Context, cartId: string): Promise<Order | null> {
  const { area } = getSession(context);
  try {
    return (await getApi(context).post<GetOrderByCartIdResponse>('/api/Order/GetOrderByCartId', { area, cartId }))
      .order;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** CreateOrderByCartId with the page view's Idempotency-Key: a double submit or a retry gives back the same order. */
export async function createOrder(context: Context, cartId: string, idempotencyKey: string): Promise<Order> {
  const { area } = getSession(context);
  const response = await getApi(context).post<CreateOrderByCartIdResponse>(
    '/api/Order/CreateOrderByCartId',
    { area, cartId },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
  return response.order;
}
