/** Mapping of cart rows to the contract's Cart (spec §3 Cart). */
import type { Cart, CartLine } from '@b2b/contract';
import { chargedShippingFeeMinor, shippingFeeMoney } from '../shipping/shipping-fee.ts';
import type { CartLineRow, CartRow } from './cart-read.repository.ts';

export function toProductKey(line: Pick<CartLineRow, 'productId' | 'variantId' | 'unitOfMeasure'>) {
  return { productId: line.productId, variantId: line.variantId, unitOfMeasure: line.unitOfMeasure };
}

/** Parents in the order they were added, each followed by its sub-lines. */
export function orderLines<T extends { id: string; parentId: string | null }>(lines: T[]): T[] {
  const children = new Map<string, T[]>();
  for (const line of lines) {
    if (line.parentId === null) continue;
    const list = children.get(line.parentId) ?? [];
    list.push(line);
    children.set(line.parentId, list);
  }
  return lines.filter((line) => line.parentId === null).flatMap((line) => [line, ...(children.get(line.id) ?? [])]);
}

/**
 * What a cart's shipping fee is priced on: the goods (net) of the cart when it was priced, so free freight applies
 * (SetShipping, CalculateCart); without it the method's own fee, as GetShippingMethods lists it without a cart.
 */
export type CartPricing = { goodsNetMinor: number | null };

/** The cart without its lines (GetCartsBySearch lists these; CalculateCart adds calculated lines). */
export function toCartBase(row: CartRow, pricing: CartPricing = { goodsNetMinor: null }): Omit<Cart, 'lines'> {
  return {
    cartId: row.id,
    version: row.version,
    status: row.status as Cart['status'],
    currencyCode: row.currencyCode,
    shippingMethod:
      row.shippingMethodId && row.shippingMethodName !== null
        ? {
            shippingMethodId: row.shippingMethodId,
            name: row.shippingMethodName,
            // One fee calculation (shipping-fee.ts): with the customer's VAT, free freight once the goods are known.
            fee: shippingFeeMoney(
              chargedShippingFeeMinor(
                { feeMinor: row.shippingFeeMinor ?? 0, freeAboveMinor: row.shippingFreeAboveMinor },
                pricing.goodsNetMinor,
              ),
              row.vat.rateBasisPoints,
            ),
          }
        : null,
    shippingAddress: row.shippingAddress,
    paymentMethod:
      row.paymentMethodId && row.paymentMethodName !== null
        ? { paymentMethodId: row.paymentMethodId, name: row.paymentMethodName }
        : null,
    comment: row.comment,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The cart with its lines, unpriced (prices come from CalculateCart only). */
export function toCart(row: CartRow, lines: CartLineRow[], pricing?: CartPricing): Cart {
  return {
    ...toCartBase(row, pricing),
    lines: orderLines(lines).map(
      (line): CartLine => ({
        id: line.id,
        type: line.type as CartLine['type'],
        parentId: line.parentId,
        productKey: toProductKey(line),
        name: line.name,
        quantity: line.quantity,
        netLinePrice: null,
        linePrice: null,
      }),
    ),
  };
}
