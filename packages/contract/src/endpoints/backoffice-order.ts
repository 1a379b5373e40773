/**
 * The back office's order reads (issue 28): the order search and one order with what staff may do with it next.
 * The writes on orders and invoices are in endpoints/documents.ts (ADR 014).
 */
import {
  backofficeOrderByIdBody,
  backofficeOrderResponse,
  backofficeOrderSearchBody,
  backofficeOrderSearchResponse,
} from '../backoffice-order.ts';
import { defineEndpoint } from '../endpoint.ts';

export const backofficeOrderEndpoints = {
  getOrdersBySearch: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Order/GetBySearch',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Searches all customers’ orders: number, customer, state, placing date, total, area',
    description:
      'Filters combine with AND; sorted by placing date (newest first) unless `sortBy` names another column. One ' +
      'page (pageSize ≤ 100) with the count of all matching orders.',
    body: backofficeOrderSearchBody,
    response: backofficeOrderSearchResponse,
  }),
  getOrderById: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Order/GetById',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'One order of any customer: lines, totals, timeline, invoices and the state moves allowed now',
    description: '404 NotFoundException for an unknown order id.',
    body: backofficeOrderByIdBody,
    response: backofficeOrderResponse,
    errors: [404],
  }),
};
