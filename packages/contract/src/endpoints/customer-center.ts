/**
 * Customer center calls of spec §7 (paths under /api/CustomerCenter/): the customer's orders. Any logged-in user may
 * call them; the services answer 403 to a user without a customer and only ever show that customer's orders.
 */
import {
  getOrderBody,
  getOrderResponse,
  getOrdersResponse,
  getOrdersWithPaginationQuery,
  getOrdersWithPaginationResponse,
  orderFiltersSchema,
} from '../customer-center.ts';
import { defineEndpoint } from '../endpoint.ts';

export const customerCenterEndpoints = {
  getOrders: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetOrders',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "The caller's customer's orders, newest first",
    description: 'At most 100; filter by order number or reference text and by order date. 403 without a customer.',
    body: orderFiltersSchema,
    response: getOrdersResponse,
  }),
  getOrdersWithPagination: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetOrdersWithPagination',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "One page of the caller's customer's orders, newest first",
    description:
      'Query pageSize (1–100) and pageNr (from 1), both required (spec §5: a missing one answers 400); the filters of GetOrders in the body.',
    query: getOrdersWithPaginationQuery,
    body: orderFiltersSchema,
    response: getOrdersWithPaginationResponse,
  }),
  getOrder: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetOrder',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "One of the caller's customer's orders, with its lines",
    description: "404 NotFoundException when the order is not the customer's (spec §7, §8).",
    body: getOrderBody,
    response: getOrderResponse,
    errors: [404],
  }),
};
