import { redirect } from 'react-router';
import { downloadSheet } from '~/features/instant-excel/sheet-download.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { INSTANT_EXCEL_PATH } from '~/lib/customer-center-paths.ts';
import type { Route } from './+types/customer-center.instant-excel.sheet-xlsx';

/**
 * POST /customer-center/instant-excel/sheet.xlsx (issue 26 §2): the download form's scope → the API's DownloadSheet,
 * streamed through as it comes, with the caller's token (a rep acting for the customer gets the customer's sheet).
 * A POST, so the server's check of requests from other sites covers it like every other form (ADR 011).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireCustomer(context, request);
  return downloadSheet(context, await request.formData(), request.signal);
}

/** A GET (a bookmark, the address typed) opens the page with the same scope chosen, ready to download. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const { search } = new URL(request.url);
  return redirect(`${INSTANT_EXCEL_PATH}${search}`);
}
