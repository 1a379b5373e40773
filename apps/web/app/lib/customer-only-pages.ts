/**
 * Pages that exist only for a customer (their cart, checkout and documents): a user acting for no customer (a sales
 * rep before acting, back-office staff) is not offered them (menus, the customer center's navigation) and, opening
 * one anyway, is told why (auth.server.ts `requireCustomer`). Browser-safe.
 */
import type { MenuEntry } from '@b2b/contract';
import {
  ASSISTED_SESSIONS_PATH,
  CREDIT_MEMOS_PATH,
  FAVORITE_LISTS_PATH,
  INSTANT_EXCEL_PATH,
  INVOICES_PATH,
  ORDERS_PATH,
} from './customer-center-paths.ts';

/** Each page's name in a sentence, as a list (`name`) and for one of its entries below it (`entryName`). */
const CUSTOMER_ONLY_PAGES: ReadonlyArray<{ path: string; name: string; entryName: string }> = [
  { path: '/cart', name: 'The cart', entryName: 'The cart' },
  { path: '/checkout', name: 'Checkout', entryName: 'Checkout' },
  { path: ORDERS_PATH, name: 'The order list', entryName: 'The order' },
  { path: INVOICES_PATH, name: 'The invoice list', entryName: 'The invoice' },
  { path: CREDIT_MEMOS_PATH, name: 'The credit memo list', entryName: 'The credit memo' },
  { path: FAVORITE_LISTS_PATH, name: 'The favorite lists', entryName: 'The favorite list' },
  { path: INSTANT_EXCEL_PATH, name: 'Instant Excel', entryName: 'Instant Excel' },
  { path: ASSISTED_SESSIONS_PATH, name: "The customer's assisted sessions", entryName: 'The assisted session' },
];

/** The customer-only page at `pathname` named for a sentence ("The cart"), or null when the page is anyone's. */
export function customerOnlyPageName(pathname: string): string | null {
  for (const page of CUSTOMER_ONLY_PAGES) {
    if (pathname === page.path) return page.name;
    if (pathname.startsWith(`${page.path}/`)) return page.entryName;
  }
  return null;
}

function pathnameOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://same-site.invalid');
    return parsed.origin === 'http://same-site.invalid' ? parsed.pathname : '';
  } catch {
    return '';
  }
}

/** Menu entries without those that lead to a customer-only page, at every depth (for users acting for no customer). */
export function withoutCustomerOnlyEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries
    .filter((entry) => customerOnlyPageName(pathnameOf(entry.url)) === null)
    .map((entry) => ({ ...entry, children: withoutCustomerOnlyEntries(entry.children) }));
}
