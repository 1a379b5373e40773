/**
 * Order calls: placing and reading an order (spec §7 Order; definitions in @b2b/contract/endpoints/order), and the
 * order's life after that (ADR 014: the back office's UpdateOrderState and SendReceiptCopy, the customer's Reorder;
 * definitions in @b2b/contract/endpoints/documents, with the customer's documents).
 */
import { IDEMPOTENCY_KEY_HEADER } from '@b2b/contract';
import { backofficeOrderEndpoints } from '@b2b/contract/endpoints/backoffice-order';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import type { FastifyInstance } from 'fastify';
import { readFromReplica } from '../../context.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getOrderForBackoffice, searchOrders } from './backoffice-order.service.ts';
import { createOrderByCartId, getOrderByCartId } from './order.service.ts';
import { sendReceiptCopy, updateOrderState } from './order-lifecycle.service.ts';
import { reorder } from './reorder.service.ts';

export async function orderRoutes(app: FastifyInstance) {
  registerEndpoint(app, orderEndpoints.createOrderByCartId, async (request, reply) => {
    const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
    const result = await createOrderByCartId(request.ctx, {
      cartId: request.body.cartId,
      cartVersion: request.body.cartVersion,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    // 201 for the new order; a replay of an order placed before answers 200 (otherResponses).
    return reply.code(result.isNew ? 201 : 200).send(result);
  });
  // The receipt page's read: the buyer's own order, found on the primary when the replica has not replayed it yet.
  registerEndpoint(app, orderEndpoints.getOrderByCartId, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getOrderByCartId(readCtx, request.body)),
  );
  registerEndpoint(app, documentsEndpoints.reorder, async (request) => reorder(request.ctx, request.body));
  registerEndpoint(app, documentsEndpoints.updateOrderState, async (request) =>
    updateOrderState(request.ctx, request.body),
  );
  registerEndpoint(app, documentsEndpoints.sendReceiptCopy, async (request, reply) => {
    await sendReceiptCopy(request.ctx, request.body);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, backofficeOrderEndpoints.getOrdersBySearch, async (request) =>
    searchOrders(request.ctx, request.body),
  );
  registerEndpoint(app, backofficeOrderEndpoints.getOrderById, async (request) =>
    getOrderForBackoffice(request.ctx, request.body),
  );
}
