/**
 * Back-office invoice calls (ADR 014); definitions in @b2b/contract/endpoints/documents. The order's own calls
 * (UpdateOrderState, SendReceiptCopy) are the order module's (order/order.routes.ts).
 */
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { createCreditMemo, registerInvoicePayment } from './invoice-lifecycle.service.ts';

export async function backOfficeInvoiceRoutes(app: FastifyInstance) {
  registerEndpoint(app, documentsEndpoints.createCreditMemo, async (request, reply) =>
    reply.code(201).send(await createCreditMemo(request.ctx, request.body)),
  );
  registerEndpoint(app, documentsEndpoints.registerInvoicePayment, async (request) =>
    registerInvoicePayment(request.ctx, request.body),
  );
}
