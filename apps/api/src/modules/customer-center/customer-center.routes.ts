/** Customer center calls of spec §7 (paths under /api/CustomerCenter/): the customer's orders. */
import {
  errorResponseSchema,
  getOrderBody,
  getOrderResponse,
  getOrdersBody,
  getOrdersResponse,
  getOrdersWithPaginationBody,
  getOrdersWithPaginationQuery,
  getOrdersWithPaginationResponse,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getOrder, getOrders, getOrdersWithPagination } from './customer-center.service.ts';

const TAGS = ['CustomerCenter'];
const ERRORS = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

function filtersOf(body: {
  search?: string | undefined;
  placedFrom?: string | undefined;
  placedTo?: string | undefined;
}) {
  return { search: body.search || undefined, placedFrom: body.placedFrom, placedTo: body.placedTo };
}

export async function customerCenterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/CustomerCenter/GetOrders', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "The caller's customer's orders, newest first",
      description: 'At most 100; filter by order number or reference text and by order date. 403 without a customer.',
      body: getOrdersBody,
      response: { 200: getOrdersResponse, ...ERRORS },
    },
    handler: async (request) => getOrders(request.ctx, filtersOf(request.body)),
  });

  app.post('/api/CustomerCenter/GetOrdersWithPagination', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "One page of the caller's customer's orders, newest first",
      description: 'Query pageSize (1–100, default 20) and pageNr (from 1); the filters of GetOrders in the body.',
      querystring: getOrdersWithPaginationQuery,
      body: getOrdersWithPaginationBody,
      response: { 200: getOrdersWithPaginationResponse, ...ERRORS },
    },
    handler: async (request) => getOrdersWithPagination(request.ctx, filtersOf(request.body), request.query),
  });

  app.post('/api/CustomerCenter/GetOrder', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "One of the caller's customer's orders, with its lines",
      description: "404 NotFoundException when the order is not the customer's (spec §7, §8).",
      body: getOrderBody,
      response: { 200: getOrderResponse, ...ERRORS, 404: errorResponseSchema },
    },
    handler: async (request) => getOrder(request.ctx, request.body),
  });
}
