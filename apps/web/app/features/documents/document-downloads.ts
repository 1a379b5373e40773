import { CREDIT_MEMOS_PATH, creditMemoPath, INVOICES_PATH, invoicePath } from '~/lib/customer-center-paths.ts';

/** The ZIP downloads of the lists (routes/customer-center.*.pdfs-zip.ts). */
export const INVOICES_ZIP_PATH = `${INVOICES_PATH}/pdfs.zip`;
export const CREDIT_MEMOS_ZIP_PATH = `${CREDIT_MEMOS_PATH}/pdfs.zip`;

/** Where an invoice's PDF downloads (routes/customer-center.invoices.$linkId.pdf.ts). */
export function invoicePdfHref(invoice: { invoiceId: string; linkId: string }): string {
  return `${invoicePath(invoice.linkId)}/pdf?invoiceId=${encodeURIComponent(invoice.invoiceId)}`;
}

export function creditMemoPdfHref(creditMemoId: string): string {
  return `${creditMemoPath(creditMemoId)}/pdf`;
}

/**
 * The query of the ZIP downloads (`/customer-center/invoices/pdfs.zip`, `/customer-center/credit-memos/pdfs.zip`),
 * written by the lists' checkboxes and read by the download routes. GetInvoicePdf takes both ids of an invoice, so an
 * invoice's value is its id and link id joined by a dot (neither contains one).
 */
export const INVOICE_ZIP_FIELD = 'invoice';
export const CREDIT_MEMO_ZIP_FIELD = 'creditMemo';

export function invoiceZipValue(invoice: { invoiceId: string; linkId: string }): string {
  return `${invoice.invoiceId}.${invoice.linkId}`;
}

export function splitInvoiceZipValue(value: string): { invoiceId: string; linkId: string } {
  const [invoiceId = '', linkId = ''] = value.split('.');
  return { invoiceId, linkId };
}
