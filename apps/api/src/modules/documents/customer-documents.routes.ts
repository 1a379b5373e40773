/**
 * The customer's document calls under /api/CustomerCenter/ (issue 9 §2): invoices, credit memos, their PDFs and the
 * statement of account; definitions in @b2b/contract/endpoints/documents. Reorder is the order module's.
 */
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFromReplica } from '../../context.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import {
  creditMemoFiltersOf,
  getCreditMemo,
  getCreditMemoPdf,
  getCreditMemos,
  getCreditMemosWithPagination,
} from './credit-memo-queries.service.ts';
import {
  getInvoice,
  getInvoicePdf,
  getInvoices,
  getInvoicesWithPagination,
  getStatementOfAccount,
  invoiceFiltersOf,
} from './invoice-queries.service.ts';

/**
 * A document file as the answer: a download named after the document; never cached by shared caches (it is the
 * customer's), and the browser may keep it only for this user.
 */
function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .send(file.pdf);
}

/** Every call here reads, and may read from the read replica (ADR 042). */
export async function customerDocumentsRoutes(app: FastifyInstance) {
  registerEndpoint(app, documentsEndpoints.getInvoices, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getInvoices(readCtx, invoiceFiltersOf(request.body))),
  );
  registerEndpoint(app, documentsEndpoints.getInvoicesWithPagination, async (request) =>
    readFromReplica(request.ctx, (readCtx) =>
      getInvoicesWithPagination(readCtx, invoiceFiltersOf(request.body), request.query),
    ),
  );
  registerEndpoint(app, documentsEndpoints.getInvoice, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getInvoice(readCtx, request.body)),
  );
  registerEndpoint(app, documentsEndpoints.getInvoicePdf, async (request, reply) =>
    sendPdf(
      reply,
      await readFromReplica(request.ctx, (readCtx) =>
        getInvoicePdf(readCtx, { invoiceId: request.query.InvoiceId, linkId: request.query.LinkId }),
      ),
    ),
  );
  registerEndpoint(app, documentsEndpoints.getCreditMemos, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getCreditMemos(readCtx, creditMemoFiltersOf(request.body))),
  );
  registerEndpoint(app, documentsEndpoints.getCreditMemosWithPagination, async (request) =>
    readFromReplica(request.ctx, (readCtx) =>
      getCreditMemosWithPagination(readCtx, creditMemoFiltersOf(request.body), request.query),
    ),
  );
  registerEndpoint(app, documentsEndpoints.getCreditMemo, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getCreditMemo(readCtx, request.body)),
  );
  registerEndpoint(app, documentsEndpoints.getCreditMemoPdf, async (request, reply) =>
    sendPdf(
      reply,
      await readFromReplica(request.ctx, (readCtx) =>
        getCreditMemoPdf(readCtx, { creditMemoId: request.query.CreditMemoId }),
      ),
    ),
  );
  registerEndpoint(app, documentsEndpoints.getStatementOfAccount, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getStatementOfAccount(readCtx)),
  );
}
