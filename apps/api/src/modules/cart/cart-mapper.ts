/** Mapping of cart rows to the contract's Cart (spec §3 Cart). */
import type { Cart, CartLine } from '@b2b/contract';
import { minorToMajor } from '../price/price-calculation.ts';
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

/** The cart without its lines (GetCartsBySearch lists these; CalculateCart adds calculated lines). */
export function toCartBase(row: CartRow): Omit<Cart, 'lines'> {
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
            // Without a calculation the method's own fee; CalculateCart applies free freight.
            fee: {
              priceWithVat: minorToMajor(row.shippingFeeMinor ?? 0),
              priceWithoutVat: minorToMajor(row.shippingFeeMinor ?? 0),
            },
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
export function toCart(row: CartRow, lines: CartLineRow[]): Cart {
  return {
    ...toCartBase(row),
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
