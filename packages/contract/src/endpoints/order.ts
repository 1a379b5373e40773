/** Order calls of spec §7 (Order, payment, shipping). */
import { defineEndpoint } from '../endpoint.ts';
import {
  createOrderByCartIdBody,
  createOrderByCartIdHeaders,
  createOrderByCartIdResponse,
  getOrderByCartIdResponse,
  orderByCartIdBody,
} from '../order.ts';

export const orderEndpoints = {
  createOrderByCartId: defineEndpoint({
    method: 'POST',
    path: '/api/Order/CreateOrderByCartId',
    // Any logged-in user; the service answers 403 to a user without a customer.
    policy: 'customer',
    tag: 'Order',
    summary: "Places the caller's cart as an order (idempotent)",
    description:
      'One transaction: re-prices the cart on the server, writes the order and its lines, checks the cart out, ' +
      'reserves stock and queues the confirmation mail. The same cart or the same `Idempotency-Key` header answers ' +
      'the same order with `isNew: false` (HTTP 200; 201 when new). Lines beyond stock are backordered. ' +
      '409 CartIsEmptyException for an empty cart, PaymentNotCompletedException for an unpaid card cart, ' +
      'CreditLimitExceededException when an order paid on account would take the customer above its credit limit ' +
      '(GetCreditStatus; nothing is written, ADR 019), CartHasBeenModifiedException when `cartVersion` is not the ' +
      'cart’s current version (ADR 035).',
    headers: createOrderByCartIdHeaders,
    body: createOrderByCartIdBody,
    successStatus: 201,
    response: createOrderByCartIdResponse,
    // The replay of an order placed before: the same answer, with `isNew: false`.
    otherResponses: { 200: createOrderByCartIdResponse },
    errors: [404, 409],
  }),
  getOrderByCartId: defineEndpoint({
    method: 'POST',
    path: '/api/Order/GetOrderByCartId',
    policy: 'customer',
    tag: 'Order',
    summary: "The order placed from one of the caller's customer's carts",
    description: "404 NotFoundException when the cart has no order or is another customer's (spec §8).",
    body: orderByCartIdBody,
    response: getOrderByCartIdResponse,
    errors: [404],
  }),
};
