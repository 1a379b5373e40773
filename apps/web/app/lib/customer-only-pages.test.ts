import type { MenuEntry } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { customerOnlyPageName, withoutCustomerOnlyEntries } from './customer-only-pages.ts';

function entry(id: string, url: string, children: MenuEntry[] = []): MenuEntry {
  return { id, name: id, url, tags: ['requires-login'], children };
}

describe('customer-only pages', () => {
  it('names the cart, checkout and the customer center’s documents, lists and entries', () => {
    expect(customerOnlyPageName('/cart')).toBe('The cart');
    expect(customerOnlyPageName('/checkout')).toBe('Checkout');
    expect(customerOnlyPageName('/customer-center/orders')).toBe('The order list');
    expect(customerOnlyPageName('/customer-center/orders/0b0e0c4e')).toBe('The order');
    expect(customerOnlyPageName('/customer-center/invoices/abc/pdf')).toBe('The invoice');
    expect(customerOnlyPageName('/customer-center/credit-memos')).toBe('The credit memo list');
    expect(customerOnlyPageName('/customer-center/instant-excel')).toBe('Instant Excel');
    expect(customerOnlyPageName('/customer-center/instant-excel/sheet.xlsx')).toBe('Instant Excel');
    expect(customerOnlyPageName('/customer-center/assisted-sessions')).toBe("The customer's assisted sessions");
    expect(customerOnlyPageName('/customer-center/favorite-list')).toBe('The favorite lists');
    expect(customerOnlyPageName('/customer-center/favorite-list/0b0e0c4e')).toBe('The favorite list');
  });

  it('leaves out pages anyone logged in may open', () => {
    for (const path of [
      '/',
      '/search',
      '/cartoons',
      '/customer-center',
      '/customer-center/impersonation',
      '/customer-center/user/change-password',
    ]) {
      expect(customerOnlyPageName(path), path).toBeNull();
    }
  });

  it('takes the customer’s pages out of a menu at every depth, the rest stays', () => {
    const menu = [
      entry('campaigns', '/campaigns'),
      entry('my-account', '/customer-center', [
        entry('orders', '/customer-center/orders'),
        entry('invoices', '/customer-center/invoices?status=open'),
        entry('change-password', '/customer-center/user/change-password'),
      ]),
      entry('cart', '/cart'),
      entry('elsewhere', 'https://example.com/cart'),
    ];
    expect(withoutCustomerOnlyEntries(menu)).toEqual([
      entry('campaigns', '/campaigns'),
      entry('my-account', '/customer-center', [entry('change-password', '/customer-center/user/change-password')]),
      entry('elsewhere', 'https://example.com/cart'),
    ]);
  });
});
