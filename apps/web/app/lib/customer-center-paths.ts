/**
 * Addresses of the customer center's pages (spec §2), shared by the pages that link to each other: an order's
 * timeline links its invoices and credit memos, an invoice its order, the account overview its latest documents.
 */
export const ORDERS_PATH = '/customer-center/orders';
export const INVOICES_PATH = '/customer-center/invoices';
export const CREDIT_MEMOS_PATH = '/customer-center/credit-memos';
/** The customer's "Assisted sessions": every time a sales rep acted for them (ADR 013). */
export const ASSISTED_SESSIONS_PATH = '/customer-center/assisted-sessions';
/** The customer's favourite lists (issue 26 §1); a list at `favoriteListPath(listId)`. */
export const FAVORITE_LISTS_PATH = '/customer-center/favorite-list';
/** The statement of account: the account overview's section with the open balance. */
export const STATEMENT_OF_ACCOUNT_PATH = '/customer-center#statement-heading';

export function orderPath(orderId: string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(orderId)}`;
}

/** An invoice is addressed by its link id (random, not guessable), never by its number. */
export function invoicePath(linkId: string): string {
  return `${INVOICES_PATH}/${encodeURIComponent(linkId)}`;
}

export function creditMemoPath(creditMemoId: string): string {
  return `${CREDIT_MEMOS_PATH}/${encodeURIComponent(creditMemoId)}`;
}

export function favoriteListPath(listId: string): string {
  return `${FAVORITE_LISTS_PATH}/${encodeURIComponent(listId)}`;
}

/**
 * Instant Excel (issue 26): the personalised order sheet to download, and a filled one (or pasted lines) to preview
 * and add to the cart.
 */
export const INSTANT_EXCEL_PATH = '/customer-center/instant-excel';
/** The sheet's download (a resource route outside the customer center's layout: it answers a file). */
export const INSTANT_EXCEL_SHEET_PATH = `${INSTANT_EXCEL_PATH}/sheet.xlsx`;

/** Instant Excel with a favourite list chosen as the sheet's scope (the favourite list page links here). */
export function instantExcelFavoriteListHref(listId: string): string {
  return `${INSTANT_EXCEL_PATH}?scope=favorite-list&listId=${encodeURIComponent(listId)}`;
}
