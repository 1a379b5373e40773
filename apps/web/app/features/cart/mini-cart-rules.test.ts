import { describe, expect, it } from 'vitest';
import { cartButtonLabel, shouldCloseMiniCart } from './mini-cart-rules.ts';

describe('mini-cart (spec §2)', () => {
  it.each(['/cart', '/cart/', '/checkout', '/checkout/receipt'])('closes when entering %s', (path) => {
    expect(shouldCloseMiniCart(path)).toBe(true);
  });
  it.each(['/', '/search', '/cartoons', '/checkouts', '/customer-center'])('stays as it is on %s', (path) => {
    expect(shouldCloseMiniCart(path)).toBe(false);
  });
  it('names the cart button with its item count', () => {
    expect(cartButtonLabel(null)).toBe('Cart');
    expect(cartButtonLabel(1)).toBe('Cart, 1 item');
    expect(cartButtonLabel(3)).toBe('Cart, 3 items');
  });
});
