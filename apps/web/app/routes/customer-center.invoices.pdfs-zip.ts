import { redirect } from 'react-router';
import { parseInvoiceZipRefs, readInvoicePdfs } from '~/features/documents/documents.server.ts';
import { badGatewayResponse, notFoundResponse, zipDownloadResponse } from '~/features/documents/pdf-download.server.ts';
import { isApiError } from '~/lib/api.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { INVOICES_PATH } from '~/lib/customer-center-paths.ts';
import type { Route } from './+types/customer-center.invoices.pdfs-zip';

/**
 * /customer-center/invoices/pdfs.zip?invoice=<invoiceId>.<linkId>&… : the chosen invoices' PDFs as one ZIP (issue 9),
 * each fetched from GetInvoicePdf with the caller's token. Nothing chosen (the form sent without JavaScript) goes back
 * to the list; an invoice that is not the customer's makes the whole download a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const refs = parseInvoiceZipRefs(new URL(request.url).searchParams);
  if (!refs) return notFoundResponse();
  if (refs.length === 0) return redirect(INVOICES_PATH);
  try {
    const files = await readInvoicePdfs(context, refs, request.signal);
    return files ? zipDownloadResponse(files, 'invoices.zip') : notFoundResponse();
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.error('[documents] GetInvoicePdf for a ZIP failed', error);
    return badGatewayResponse();
  }
}
