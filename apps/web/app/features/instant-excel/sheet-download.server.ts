import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import { type SheetScope as ApiSheetScope, SHEET_CONTENT_TYPE } from '@b2b/contract/instant-excel';
import { type RouterContextProvider, redirect } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { INSTANT_EXCEL_PATH } from '~/lib/customer-center-paths.ts';
import { PRIVATE_FILE_HEADERS } from '~/lib/private-file-headers.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { readSheetScope, SHEET_ERROR_PARAM, type SheetError, type SheetScope, sheetScopeQuery } from './sheet-scope.ts';

const FALLBACK_FILE_NAME = 'instant-excel.xlsx';

/** The page's scope as DownloadSheet names it. */
export function toApiSheetScope(scope: SheetScope): ApiSheetScope {
  switch (scope.kind) {
    case 'category':
      return { type: 'category', categoryId: scope.categoryId };
    case 'brand':
      return { type: 'brand', brandId: scope.brand };
    case 'favorite-list':
      return { type: 'favoriteList', listId: scope.listId };
    case 'purchases':
    case 'assortment':
      return { type: scope.kind };
  }
}

/** Back to the page with the scope still chosen and the reason said (the browser had left it for the download). */
function backToPage(scope: SheetScope | null, error: SheetError): Response {
  const query = scope ? sheetScopeQuery(scope) : new URLSearchParams();
  query.set(SHEET_ERROR_PARAM, error);
  return redirect(`${INSTANT_EXCEL_PATH}?${query.toString()}`);
}

/**
 * The sheet of the posted scope, streamed on from DownloadSheet as the API writes it (20,000 rows never sit in the
 * web's memory). A scope the API refuses (too large for one sheet, a list that is not the customer's) sends the
 * buyer back to the page, which says why.
 */
export async function downloadSheet(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  signal: AbortSignal,
): Promise<Response> {
  const scope = readSheetScope(form);
  if (!scope) return backToPage(null, 'scope');
  const { area } = getSession(context);
  try {
    const sheet = await getApi(context).fetchFile(
      instantExcelEndpoints.downloadSheet,
      { body: { area, scope: toApiSheetScope(scope) } },
      { signal },
    );
    return new Response(sheet.body, {
      status: 200,
      headers: {
        ...PRIVATE_FILE_HEADERS,
        'content-type': SHEET_CONTENT_TYPE,
        'content-disposition':
          sheet.headers.get('content-disposition') ?? `attachment; filename="${FALLBACK_FILE_NAME}"`,
      },
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 404) return backToPage(scope, 'not-found');
    if (error.status === 400) return backToPage(scope, 'scope');
    console.error('[instant-excel] DownloadSheet failed', error.status, error.type);
    return new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}
