/**
 * Order services (spec §3 Order, §7 Order): placing the cart as an order exactly once, and reading it back.
 * ADR 008 explains the idempotency and the availability rule.
 */
import type { CreateOrderByCartIdResponse, GetOrderByCartIdResponse, GetOrderResponse, Order } from '@b2b/contract';
import { isUniqueViolation } from '@b2b/db';
import { inTransaction, type RequestContext, requireCustomer } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { priceCart } from '../cart/cart-pricing.service.ts';
import { assertOrderWithinCreditLimit } from '../customer/credit.service.ts';
import { formatAmount, recordImpersonationAction } from '../impersonation/impersonation-actions.ts';
import { sendMail } from '../mail/mail.ts';
import {
  findCustomerBuyers,
  findDefaultPaymentMethod,
  findDiscontinuedProductIds,
  findOrderByCartId,
  findOrderByIdempotencyKey,
  findOrderDetails,
  findPaymentMethod,
  findSucceededPaymentOfCart,
  findUserContact,
  insertOrderIfAbsent,
  insertOrderLines,
  linkPaymentToOrder,
  lockCartForCheckout,
  markCartCheckedOut,
  type NewOrderLine,
  type OrderRow,
  reserveStock,
} from './order.repository.ts';
import { renderOrderMail } from './order-mail.service.ts';
import { toOrder } from './order-mapper.ts';
import { findOrderTimeline } from './order-timeline.ts';

export type CreateOrderInput = {
  cartId: string;
  /** The cart version the buyer reviewed: another version answers 409 CartHasBeenModifiedException (ADR 035). */
  cartVersion?: number | undefined;
  /** The Idempotency-Key header, when the client sent one. */
  idempotencyKey?: string | undefined;
};

/** Thrown inside the transaction when another request placed the order first; the transaction rolls back. */
class OrderExistsAlready extends Error {}

async function loadOrder(ctx: RequestContext, row: OrderRow): Promise<Order> {
  return toOrder(await findOrderDetails(ctx.db, row));
}

/**
 * An order placed earlier for this call: by the Idempotency-Key (which must then be for the same cart, else 409),
 * or by the cart (one order per cart).
 */
async function findEarlierOrder(
  ctx: RequestContext,
  customerId: string,
  input: CreateOrderInput,
): Promise<OrderRow | null> {
  if (input.idempotencyKey) {
    const byKey = await findOrderByIdempotencyKey(ctx.db, { customerId, idempotencyKey: input.idempotencyKey });
    if (byKey && byKey.cartId !== input.cartId) {
      throw new AppError('ConflictException', 'This Idempotency-Key was already used for the order of another cart.');
    }
    if (byKey) return byKey;
  }
  return findOrderByCartId(ctx.db, { cartId: input.cartId, customerId });
}

/**
 * POST /api/Order/CreateOrderByCartId: places the caller's cart as an order, in one transaction:
 * lock the cart → re-price it on the server (the cart module's calculation) → check it can be ordered (lines, prices,
 * a succeeded card payment when paying by card, the credit limit when paying on account) → write the order and its
 * lines → mark the cart checked out → reserve the stock → put the confirmation mail in the outbox.
 *
 * Idempotent: the same cart, or the same Idempotency-Key, answers the same order with `isNew: false`; concurrent
 * calls create exactly one (the cart row lock serialises them; unique indexes on the cart id and the customer's
 * Idempotency-Key catch anything else). Lines beyond the available stock are accepted and marked backordered (B2B
 * buyers order for delivery when stock arrives). 404 for a cart that is not the customer's; 409
 * CartHasBeenModifiedException for a cart changed since the reviewed `cartVersion`; 409
 * CartIsEmptyException for a cart without lines; 409 ConflictException for an abandoned cart, a product without
 * a price or a product no longer sold (discontinued after it was added); 409 PaymentNotCompletedException when the
 * cart is to be paid by card and no payment of its total succeeded; 409 CreditLimitExceededException when an order
 * paid on account would take the customer above its credit limit (ADR 019). A refusal writes nothing.
 */
export async function createOrderByCartId(
  ctx: RequestContext,
  input: CreateOrderInput,
): Promise<CreateOrderByCartIdResponse> {
  const customer = requireCustomer(ctx);
  const user = ctx.user;
  if (!user) throw new AppError('UnauthorizedException', 'You must be logged in to place an order.');

  const earlier = await findEarlierOrder(ctx, customer.id, input);
  if (earlier) return { order: await loadOrder(ctx, earlier), isNew: false };

  let placed: OrderRow;
  try {
    placed = await inTransaction(ctx, (txCtx) => placeOrder(txCtx, input, user.id));
  } catch (error) {
    // Another request placed it meanwhile (the same cart or key): answer that order.
    if (!(error instanceof OrderExistsAlready) && !isUniqueViolation(error)) throw error;
    const existing = await findEarlierOrder(ctx, customer.id, input);
    if (!existing) throw error;
    return { order: await loadOrder(ctx, existing), isNew: false };
  }
  return { order: await loadOrder(ctx, placed), isNew: true };
}

async function placeOrder(ctx: RequestContext, input: CreateOrderInput, userId: string): Promise<OrderRow> {
  const customer = requireCustomer(ctx);
  const cart = await lockCartForCheckout(ctx.db, { cartId: input.cartId, customerId: customer.id });
  if (!cart) throw new AppError('NotFoundException', `Cart ${input.cartId} was not found.`);
  if (cart.status === 'checked_out') throw new OrderExistsAlready();
  if (cart.status !== 'open') throw new AppError('ConflictException', 'This cart was abandoned; it cannot be ordered.');

  // Read under the cart's lock: a change after the buyer's review refuses the order (the cart is not what they saw).
  const priced = await priceCart(ctx, { cartId: cart.id, expectedVersion: input.cartVersion });
  const { calculation } = priced;
  if (calculation.lines.every((line) => line.type !== 'Product')) {
    throw new AppError('CartIsEmptyException', 'The cart has no lines; add products before placing the order.');
  }
  const unpriced = calculation.lines.find((line) => line.isPriceMissing);
  if (unpriced) {
    throw new AppError(
      'ConflictException',
      `Product ${unpriced.productId} has no price in ${cart.currencyCode}; remove it before placing the order.`,
    );
  }

  const discontinued = await findDiscontinuedProductIds(
    ctx.db,
    calculation.lines.filter((line) => line.type === 'Product').map((line) => line.productId),
  );
  if (discontinued.length > 0) {
    throw new AppError(
      'ConflictException',
      `No longer sold: ${discontinued.join(', ')}. Remove these lines from the cart before placing the order.`,
    );
  }

  const paymentMethod = cart.paymentMethodId
    ? await findPaymentMethod(ctx.db, cart.paymentMethodId)
    : await findDefaultPaymentMethod(ctx.db);
  if (!paymentMethod) throw new AppError('ConflictException', 'No payment method is available for this cart.');
  let paidBy: string | null = null;
  if (paymentMethod.kind === 'Card') {
    const payment = await findSucceededPaymentOfCart(ctx.db, { cartId: cart.id, customerId: customer.id });
    if (
      !payment ||
      payment.orderId !== null ||
      payment.amountMinor !== calculation.totalWithVatMinor ||
      payment.currencyCode !== cart.currencyCode
    ) {
      throw new AppError(
        'PaymentNotCompletedException',
        'The card payment of this cart has not succeeded for its current total; pay the cart first.',
      );
    }
    paidBy = payment.id;
  }
  // Buying on account stays within the customer's credit limit (a card payment is paid already). The check locks
  // the customer row, so a concurrent order of the same customer waits and is checked with this one counted.
  if (paymentMethod.kind === 'Invoice') {
    await assertOrderWithinCreditLimit(ctx, {
      currencyCode: cart.currencyCode,
      totalWithVatMinor: calculation.totalWithVatMinor,
    });
  }

  const order = await insertOrderIfAbsent(ctx.db, {
    cartId: cart.id,
    customerId: customer.id,
    placedByUserId: userId,
    impersonationSessionId: ctx.impersonation?.sessionId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    areaId: cart.areaId,
    currencyCode: cart.currencyCode,
    // The VAT as placed (ADR 018): the order keeps its treatment, note and the customer's VAT number.
    vatRateBasisPoints: priced.vat.rateBasisPoints,
    vatTreatment: priced.vat.treatment,
    vatNote: priced.vat.note,
    customerVatNumber: priced.vat.customerVatNumber,
    discountMinor: calculation.discountMinor,
    shippingFeeMinor: calculation.shippingFeeMinor,
    totalNetMinor: calculation.totalNetMinor,
    totalVatMinor: calculation.totalVatMinor,
    totalWithVatMinor: calculation.totalWithVatMinor,
    shippingMethodId: priced.shippingMethod?.shippingMethodId ?? null,
    shippingMethodName: priced.shippingMethod?.name ?? null,
    shipToAddress: cart.shippingAddress,
    shipToCountryCode: priced.shipToCountryCode,
    paymentMethodId: paymentMethod.id,
    comment: cart.comment,
    reference: cart.reference,
    isBackorder: calculation.isBackorder,
  });
  if (!order) throw new OrderExistsAlready();

  // Order lines get their own ids; sub-lines point at their parent's new id.
  const orderLineIds = new Map(calculation.lines.map((line) => [line.id, crypto.randomUUID()]));
  const lines: NewOrderLine[] = calculation.lines.map((line, index) => ({
    id: orderLineIds.get(line.id),
    orderId: order.id,
    lineNumber: index + 1,
    parentId: line.parentId === null ? null : (orderLineIds.get(line.parentId) ?? null),
    type: line.type,
    productId: line.productId,
    variantId: line.variantId,
    unitOfMeasure: line.unitOfMeasure,
    name: line.name,
    quantity: line.quantity,
    unitPriceMinor: line.unitPriceMinor,
    netUnitPriceMinor: line.netUnitPriceMinor,
    linePriceMinor: line.linePriceMinor,
    netLinePriceMinor: line.netLinePriceMinor,
    // The campaign and level that priced the line, kept as they are now: a later edit never changes the order.
    campaign: line.campaign?.currentLevel
      ? {
          campaignId: line.campaign.campaignId,
          name: line.campaign.name,
          campaignType: line.campaign.campaignType,
          level: line.campaign.currentLevel,
        }
      : null,
    campaignDiscountMinor: line.campaign?.discountMinor ?? 0,
    vatMinor: line.vatMinor,
    quantityAvailable: line.availableQuantity,
    isBackorder: line.isBackorder,
  }));
  // Parents first (a sub-line's foreign key needs its parent).
  await insertOrderLines(
    ctx.db,
    lines.filter((line) => line.parentId === null),
  );
  await insertOrderLines(
    ctx.db,
    lines.filter((line) => line.parentId !== null),
  );
  await markCartCheckedOut(ctx.db, cart.id);
  await reserveStock(
    ctx.db,
    calculation.lines.flatMap((line) =>
      line.type === 'Product' && line.variantId ? [{ variantId: line.variantId, quantity: line.quantity }] : [],
    ),
  );
  if (paidBy) await linkPaymentToOrder(ctx.db, paidBy, order.id);
  await recordImpersonationAction(ctx, {
    kind: 'Order.CreateOrderByCartId',
    summary: `Placed order ${order.orderNumber} (${formatAmount(calculation.totalNetMinor, cart.currencyCode)} excl. VAT)`,
    details: { orderId: order.id, cartId: cart.id },
  });

  await sendOrderConfirmation(ctx, order, userId);
  return order;
}

/**
 * Puts the confirmation mail in the outbox (in the order's transaction), in the text the back office set for the
 * order's area (order-mail.service.ts). The customer's own order: to the user who
 * placed it. An order a sales rep placed for the customer: to the customer's buyers, saying who placed it, so the
 * customer learns of an order they did not place themselves (ADR 013); to the rep when the customer has no buyer.
 */
async function sendOrderConfirmation(ctx: RequestContext, order: OrderRow, userId: string): Promise<void> {
  const details = await findOrderDetails(ctx.db, order);
  const placer = await findUserContact(ctx.db, userId);
  let recipients = placer ? [placer] : [];
  let customerName = '';
  if (details.assistedBy) {
    const customer = await findCustomerBuyers(ctx.db, order.customerId);
    customerName = customer.customerName;
    if (customer.buyers.length > 0) recipients = customer.buyers;
  }
  const confirmed = toOrder(details);
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    await sendMail(ctx.db, {
      ...(await renderOrderMail(ctx, {
        kind: 'order-confirmation',
        areaId: order.areaId,
        order: confirmed,
        names: { recipientName: recipient.name, customerName },
      })),
      to: recipient.email,
      kind: 'order-confirmation',
      orderId: order.id,
    });
  }
}

/** POST /api/Order/GetOrderByCartId: the order placed from the caller's customer's cart; 404 otherwise. */
export async function getOrderByCartId(
  ctx: RequestContext,
  input: { cartId: string },
): Promise<GetOrderByCartIdResponse> {
  const customer = requireCustomer(ctx);
  const row = await findOrderByCartId(ctx.db, { cartId: input.cartId, customerId: customer.id });
  if (!row) throw new AppError('NotFoundException', `No order was placed from cart ${input.cartId}.`);
  return { order: await loadOrder(ctx, row) };
}

/**
 * The order as GetOrder shows it: lines, payment method, who placed it (`placedBy`, read with the order) and its
 * timeline (order-timeline.ts).
 */
export async function loadOrderWithTimeline(
  ctx: RequestContext,
  input: { order: OrderRow; placedBy: string },
): Promise<GetOrderResponse['order']> {
  const order = await loadOrder(ctx, input.order);
  const timeline = await findOrderTimeline(ctx.db, { ...order, placedBy: input.placedBy });
  return { ...order, placedBy: input.placedBy, timeline };
}

/**
 * The payment method with this id, active or not (a cart or an order may name one retired since); null for none.
 * Payments check with it that a cart is to be paid by card.
 */
export async function getPaymentMethod(ctx: RequestContext, input: { paymentMethodId: string }) {
  return findPaymentMethod(ctx.db, input.paymentMethodId);
}
