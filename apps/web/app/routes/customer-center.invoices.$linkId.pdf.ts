import { fetchInvoicePdf, type InvoicePdfRef, toInvoicePdfRef } from '~/features/documents/documents.server.ts';
import { badGatewayResponse, notFoundResponse, pdfDownloadResponse } from '~/features/documents/pdf-download.server.ts';
import { isApiError } from '~/lib/api.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import type { Route } from './+types/customer-center.invoices.$linkId.pdf';

/**
 * /customer-center/invoices/{linkId}/pdf?invoiceId=… : the invoice's PDF from GetInvoicePdf, with the caller's token
 * (a rep acting for the customer gets the customer's). Another customer's or an unknown invoice is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const ref: InvoicePdfRef | null = toInvoicePdfRef(new URL(request.url).searchParams.get('invoiceId'), params.linkId);
  if (!ref) return notFoundResponse();
  try {
    const pdf = await fetchInvoicePdf(context, ref, request.signal);
    return pdf ? pdfDownloadResponse(pdf, 'invoice.pdf') : notFoundResponse();
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.error('[documents] GetInvoicePdf failed', error);
    return badGatewayResponse();
  }
}
