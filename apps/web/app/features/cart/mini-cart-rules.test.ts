import { describe, expect, it } from 'vitest';
import { itemCountUnit, shouldCloseMiniCart } from './mini-cart-rules.ts';

describe('mini-cart (spec §2)', () => {
  it.each(['/cart', '/cart/', '/checkout', '/checkout/receipt'])('closes when entering %s', (path) => {
    expect(shouldCloseMiniCart(path)).toBe(true);
  });
  it.each(['/', '/search', '/cartoons', '/checkouts', '/customer-center'])('stays as it is on %s', (path) => {
    expect(shouldCloseMiniCart(path)).toBe(false);
  });
  it("names the unit of the cart button's count", () => {
    expect(itemCountUnit(0)).toBe('items');
    expect(itemCountUnit(1)).toBe('item');
    expect(itemCountUnit(3)).toBe('items');
  });
});
