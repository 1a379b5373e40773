/** Maps stored orders (minor units without VAT) to the contract's Order (major units, with and without VAT). */
import type { Order, OrderLine, PaymentMethodKind } from '@b2b/contract';
import { minorToMajor, moneyOf, storedVatOf, toMoney, toVat } from '../price/price-calculation.ts';
import type { OrderDetails } from './order.repository.ts';
import { toOrderStatus } from './order-states.ts';

export function toOrder({ order, lines, paymentMethod, assistedBy }: OrderDetails): Order {
  const rate = order.vatRateBasisPoints;
  // The VAT was computed once on the order's total and shared out over its lines; the fee has what the lines left.
  const linesVatMinor = lines.reduce((sum, line) => sum + Number(line.vatMinor), 0);
  const shippingFee = moneyOf(Number(order.shippingFeeMinor), Number(order.totalVatMinor) - linesVatMinor);
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
        // The line's share of the VAT as stored when the order was placed, not a new rounding.
        netLinePrice: moneyOf(Number(line.netLinePriceMinor), Number(line.vatMinor)),
        linePrice: toMoney(Number(line.linePriceMinor), rate),
        asgLineItemsAvailCust: line.quantityAvailable,
        isBackorder: line.isBackorder,
        campaign: line.campaign
          ? { ...line.campaign, discount: minorToMajor(Number(line.campaignDiscountMinor)) }
          : null,
      }),
    ),
    shippingMethod:
      order.shippingMethodId === null
        ? null
        : {
            shippingMethodId: order.shippingMethodId,
            name: order.shippingMethodName ?? order.shippingMethodId,
            fee: shippingFee,
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
    shippingFee,
    totalNetPrice: minorToMajor(Number(order.totalNetMinor)),
    totalPrice: moneyOf(Number(order.totalNetMinor), Number(order.totalVatMinor)),
    vat: toVat(storedVatOf(order)),
    isBackorder: order.isBackorder,
    assistedBy,
  };
}
