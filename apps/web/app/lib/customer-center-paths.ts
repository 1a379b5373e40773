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
