import type { Cart } from '@b2b/contract/cart';

/** What decides a calculation: the cart, its version and every line's product and quantity. */
export type HashableCart = Pick<Cart, 'cartId' | 'version'> & {
  lines: readonly Pick<Cart['lines'][number], 'id' | 'productKey' | 'quantity'>[];
};

/**
 * spec §3: the cart hash used to detect stale calculation responses. Equal carts give equal hashes whatever the
 * order of their lines; any change of version, line, product or quantity gives another.
 */
export function cartHash(cart: HashableCart): string {
  const lines = cart.lines
    .map((line) =>
      [
        line.id,
        line.productKey.productId,
        line.productKey.variantId ?? '',
        line.productKey.unitOfMeasure,
        line.quantity,
      ].join(':'),
    )
    .sort();
  return `${cart.cartId}@${cart.version}|${lines.join(',')}`;
}
