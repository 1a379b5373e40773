import { describe, expect, it } from 'vitest';
import { emptyCartEvents, loginEvents, quantityChangeEvents } from './tracking-events.ts';

const ITEM = { productId: 'P1', variantId: 'P1-M', name: 'Board', unitPrice: 12.5 };

describe('cart tracking events (spec §4 Cart)', () => {
  it('sends add_to_cart with the added quantity when a quantity goes up', () => {
    expect(quantityChangeEvents(ITEM, 2, 5, 'EUR')).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'EUR',
          value: 37.5,
          items: [{ item_id: 'P1', item_name: 'Board', item_variant: 'P1-M', price: 12.5, quantity: 3 }],
        },
      },
    ]);
  });

  it('treats a new line as going up from 0', () => {
    const [event] = quantityChangeEvents({ productId: 'P2' }, 0, 1, 'XNOK');
    expect(event).toEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'XNOK', items: [{ item_id: 'P2', quantity: 1 }] },
    });
  });

  it('sends remove_from_cart when a quantity goes down', () => {
    const [event] = quantityChangeEvents(ITEM, 5, 1, 'EUR');
    expect(event?.event).toBe('remove_from_cart');
    expect(event?.ecommerce.items[0]?.quantity).toBe(4);
  });

  it('sends remove_from_cart with the whole quantity when a line is deleted (0 or less)', () => {
    expect(quantityChangeEvents(ITEM, 3, 0, 'EUR')[0]?.ecommerce.items[0]?.quantity).toBe(3);
    expect(quantityChangeEvents(ITEM, 3, -2, 'EUR')[0]?.ecommerce.items[0]?.quantity).toBe(3);
  });

  it('sends nothing when the quantity did not change', () => {
    expect(quantityChangeEvents(ITEM, 4, 4, 'EUR')).toEqual([]);
  });

  it('sends one remove_from_cart per line when the cart is emptied, sub-lines going with their parent', () => {
    const events = emptyCartEvents(
      [
        { productId: 'A', quantity: 2 },
        { productId: 'A-part', quantity: 4, parentId: 'line-a' },
        { productId: 'B', quantity: 1 },
      ],
      'EUR',
    );
    expect(
      events.map((event) => [event.event, event.ecommerce.items[0]?.item_id, event.ecommerce.items[0]?.quantity]),
    ).toEqual([
      ['remove_from_cart', 'A', 2],
      ['remove_from_cart', 'B', 1],
    ]);
  });
});

describe('login tracking (spec §4 Authentication)', () => {
  it('tracks the change from anonymous to logged in once', () => {
    expect(loginEvents(false, true)).toEqual([{ event: 'login', method: 'password' }]);
  });

  it('does not track a page that opens already logged in, or staying logged in', () => {
    expect(loginEvents(null, true)).toEqual([]);
    expect(loginEvents(true, true)).toEqual([]);
    expect(loginEvents(true, false)).toEqual([]);
  });
});
