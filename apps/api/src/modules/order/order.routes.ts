/** Order calls of spec §7 (Order, payment, shipping); definitions in @b2b/contract/endpoints/order. */
import { IDEMPOTENCY_KEY_HEADER } from '@b2b/contract';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { createOrderByCartId, getOrderByCartId } from './order.service.ts';

export async function orderRoutes(app: FastifyInstance) {
  registerEndpoint(app, orderEndpoints.createOrderByCartId, async (request, reply) => {
    const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
    const result = await createOrderByCartId(request.ctx, {
      cartId: request.body.cartId,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    // 201 for the new order; a replay of an order placed before answers 200 (otherResponses).
    return reply.code(result.isNew ? 201 : 200).send(result);
  });
  registerEndpoint(app, orderEndpoints.getOrderByCartId, async (request) =>
    getOrderByCartId(request.ctx, request.body),
  );
}
