/** Back-office order and invoice calls (ADR 014); definitions in @b2b/contract/endpoints/documents. */
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { createCreditMemo, registerInvoicePayment } from './invoice-lifecycle.service.ts';
import { sendReceiptCopy, updateOrderState } from './order-lifecycle.service.ts';

export async function backOfficeOrderRoutes(app: FastifyInstance) {
  registerEndpoint(app, documentsEndpoints.updateOrderState, async (request) =>
    updateOrderState(request.ctx, request.body),
  );
  registerEndpoint(app, documentsEndpoints.sendReceiptCopy, async (request, reply) => {
    await sendReceiptCopy(request.ctx, request.body);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, documentsEndpoints.createCreditMemo, async (request, reply) =>
    reply.code(201).send(await createCreditMemo(request.ctx, request.body)),
  );
  registerEndpoint(app, documentsEndpoints.registerInvoicePayment, async (request) =>
    registerInvoicePayment(request.ctx, request.body),
  );
}
