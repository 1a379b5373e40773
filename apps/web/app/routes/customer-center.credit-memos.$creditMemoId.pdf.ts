import { fetchCreditMemoPdf, toCreditMemoId } from '~/features/documents/documents.server.ts';
import { badGatewayResponse, notFoundResponse, pdfDownloadResponse } from '~/features/documents/pdf-download.server.ts';
import { isApiError } from '~/lib/api.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import type { Route } from './+types/customer-center.credit-memos.$creditMemoId.pdf';

/** /customer-center/credit-memos/{creditMemoId}/pdf: the credit memo's PDF from GetCreditMemoPdf; foreign → 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const creditMemoId = toCreditMemoId(params.creditMemoId);
  if (!creditMemoId) return notFoundResponse();
  try {
    const pdf = await fetchCreditMemoPdf(context, creditMemoId, request.signal);
    return pdf ? pdfDownloadResponse(pdf, 'credit-memo.pdf') : notFoundResponse();
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.error('[documents] GetCreditMemoPdf failed', error);
    return badGatewayResponse();
  }
}
