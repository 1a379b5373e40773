/** Order calls of spec §7 (Order, payment, shipping). */
import {
  createOrderByCartIdBody,
  createOrderByCartIdHeaders,
  createOrderByCartIdResponse,
  errorResponseSchema,
  getOrderByCartIdBody,
  getOrderByCartIdResponse,
  IDEMPOTENCY_KEY_HEADER,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createOrderByCartId, getOrderByCartId } from './order.service.ts';

const TAGS = ['Order'];
const ERRORS = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/Order/CreateOrderByCartId', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "Places the caller's cart as an order (idempotent)",
      description:
        'One transaction: re-prices the cart on the server, writes the order and its lines, checks the cart out, ' +
        'reserves stock and queues the confirmation mail. The same cart or the same `Idempotency-Key` header answers ' +
        'the same order with `isNew: false` (HTTP 200; 201 when new). Lines beyond stock are backordered. ' +
        '409 CartIsEmptyException for an empty cart, PaymentNotCompletedException for an unpaid card cart.',
      headers: createOrderByCartIdHeaders,
      body: createOrderByCartIdBody,
      response: {
        200: createOrderByCartIdResponse,
        201: createOrderByCartIdResponse,
        ...ERRORS,
        409: errorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      const result = await createOrderByCartId(request.ctx, {
        cartId: request.body.cartId,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      return reply.code(result.isNew ? 201 : 200).send(result);
    },
  });

  app.post('/api/Order/GetOrderByCartId', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "The order placed from one of the caller's customer's carts",
      description: "404 NotFoundException when the cart has no order or is another customer's (spec §8).",
      body: getOrderByCartIdBody,
      response: { 200: getOrderByCartIdResponse, ...ERRORS },
    },
    handler: async (request) => getOrderByCartId(request.ctx, request.body),
  });
}
