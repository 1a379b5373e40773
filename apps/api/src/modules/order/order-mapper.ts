/** Maps stored orders (minor units without VAT) to the contract's Order (major units, with and without VAT). */
import type { Money, Order, OrderLine, PaymentMethodKind } from '@b2b/contract';
import { toOrderStatus } from '../documents/order-states.ts';
import { minorToMajor, toMoney } from '../price/price-calculation.ts';
import type { OrderDetails } from './order.repository.ts';

function withVat(netMinor: number, vatMinor: number): Money {
  return { priceWithVat: minorToMajor(netMinor + vatMinor), priceWithoutVat: minorToMajor(netMinor) };
}

export function toOrder({ order, lines, paymentMethod, assistedBy }: OrderDetails): Order {
  const rate = order.vatRateBasisPoints;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    cartId: order.cartId,
    status: toOrderStatus(order.status),
    placedAt: order.createdAt.toISOString(),
    currencyCode: order.currencyCode,
    lines: lines.map(
      (line): OrderLine => ({
        id: line.id,
        type: line.type === 'Generated' ? 'Generated' : 'Product',
        parentId: line.parentId,
        productKey: {
          productId: line.productId ?? '',
          variantId: line.variantId,
          unitOfMeasure: line.unitOfMeasure ?? 'STK',
        },
        name: line.name,
        quantity: line.quantity,
        netUnitPrice: toMoney(Number(line.netUnitPriceMinor), rate),
        unitPrice: toMoney(Number(line.unitPriceMinor), rate),
        // The line's VAT was rounded once when the order was placed; show that, not a new rounding.
        netLinePrice: withVat(Number(line.netLinePriceMinor), Number(line.vatMinor)),
        linePrice: toMoney(Number(line.linePriceMinor), rate),
        asgLineItemsAvailCust: line.quantityAvailable,
        isBackorder: line.isBackorder,
      }),
    ),
    shippingMethod:
      order.shippingMethodId === null
        ? null
        : {
            shippingMethodId: order.shippingMethodId,
            name: order.shippingMethodName ?? order.shippingMethodId,
            fee: toMoney(Number(order.shippingFeeMinor), rate),
          },
    shippingAddress: order.shipToAddress ?? null,
    paymentMethod: {
      paymentMethodId: paymentMethod.id,
      name: paymentMethod.name,
      kind: (paymentMethod.kind === 'Card' ? 'Card' : 'Invoice') satisfies PaymentMethodKind,
    },
    comment: order.comment,
    reference: order.reference,
    discount: toMoney(Number(order.discountMinor), rate),
    shippingFee: toMoney(Number(order.shippingFeeMinor), rate),
    totalNetPrice: minorToMajor(Number(order.totalNetMinor)),
    totalPrice: withVat(Number(order.totalNetMinor), Number(order.totalVatMinor)),
    isBackorder: order.isBackorder,
    assistedBy,
  };
}
