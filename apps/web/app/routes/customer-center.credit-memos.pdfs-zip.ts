import { redirect } from 'react-router';
import { parseCreditMemoZipIds, readCreditMemoPdfs } from '~/features/documents/documents.server.ts';
import { badGatewayResponse, notFoundResponse, zipDownloadResponse } from '~/features/documents/pdf-download.server.ts';
import { isApiError } from '~/lib/api.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { CREDIT_MEMOS_PATH } from '~/lib/customer-center-paths.ts';
import type { Route } from './+types/customer-center.credit-memos.pdfs-zip';

/** /customer-center/credit-memos/pdfs.zip?creditMemo=<id>&… : the chosen credit memos' PDFs as one ZIP. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const creditMemoIds = parseCreditMemoZipIds(new URL(request.url).searchParams);
  if (!creditMemoIds) return notFoundResponse();
  if (creditMemoIds.length === 0) return redirect(CREDIT_MEMOS_PATH);
  try {
    const files = await readCreditMemoPdfs(context, creditMemoIds, request.signal);
    return files ? zipDownloadResponse(files, 'credit-memos.zip') : notFoundResponse();
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.error('[documents] GetCreditMemoPdf for a ZIP failed', error);
    return badGatewayResponse();
  }
}
