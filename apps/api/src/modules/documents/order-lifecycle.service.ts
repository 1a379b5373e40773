/**
 * Back-office order calls (ADR 014): UpdateOrderState moves an order through its states (cancelling gives back its
 * stock, invoicing writes its invoice) and SendReceiptCopy mails a copy of its confirmation. Every write records the
 * back-office user who made it (`order_state_changes.changed_by_user_id`, `invoices.created_by_user_id`,
 * `mail_outbox.requested_by_user_id`).
 */
import type { InvoiceSummary, OrderStatus, UpdateOrderStateResponse } from '@b2b/contract';
import { inTransaction, type RequestContext, requireUser } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sendMail } from '../mail/mail.ts';
import { findCustomerBuyers, findOrderDetails } from '../order/order.repository.ts';
import { renderOrderConfirmation } from '../order/order-confirmation-mail.ts';
import { toOrder } from '../order/order-mapper.ts';
import { todayUtc, toInvoiceSummary } from './document-mappers.ts';
import {
  findBillingDetails,
  findOrder,
  findOrderLinesForInvoice,
  type InvoiceRow,
  insertInvoice,
  type LockedOrder,
  lockOrder,
  releaseReservedStock,
  writeOrderState,
} from './document-writes.repository.ts';
import { addDays, calculateInvoice } from './invoice-calculation.ts';
import { findCustomerInvoice } from './invoice-queries.repository.ts';
import { allowedNextStates, canMoveOrder, toOrderStatus } from './order-states.ts';

/** The invoice of `order` as the contract's summary (read back in the caller's transaction). */
export async function invoiceSummaryOf(ctx: RequestContext, invoice: InvoiceRow): Promise<InvoiceSummary> {
  const row = await findCustomerInvoice(ctx.db, {
    customerId: invoice.customerId,
    linkId: invoice.linkId,
    invoiceId: invoice.id,
  });
  if (!row) throw new Error(`invoice ${invoice.id} vanished`);
  return toInvoiceSummary(row, todayUtc());
}

/**
 * The order's invoice (ADR 014): its top-level lines and shipping fee with the order's VAT as placed (rate,
 * treatment, note, the customer's VAT number; ADR 018), dated today (UTC), due after the customer's payment terms,
 * addressed to the customer's default address.
 */
async function invoiceOrder(ctx: RequestContext, order: LockedOrder, userId: string): Promise<InvoiceRow> {
  const [lines, billing] = await Promise.all([
    findOrderLinesForInvoice(ctx.db, order.id),
    findBillingDetails(ctx.db, order.customerId),
  ]);
  const calculated = calculateInvoice({
    lines,
    shippingFeeMinor: order.shippingFeeMinor,
    shippingMethodName: order.shippingMethodName,
    totalVatMinor: order.totalVatMinor,
  });
  const invoiceDate = todayUtc();
  return insertInvoice(
    ctx.db,
    {
      customerId: order.customerId,
      orderId: order.id,
      areaId: order.areaId,
      currencyCode: order.currencyCode,
      vatRateBasisPoints: order.vatRateBasisPoints,
      vatTreatment: order.vatTreatment,
      vatNote: order.vatNote,
      customerVatNumber: order.customerVatNumber,
      billToAddress: billing.billToAddress ?? order.shipToAddress,
      invoiceDate,
      dueDate: addDays(invoiceDate, billing.paymentTermsDays ?? 0),
      totalNetMinor: calculated.totalNetMinor,
      totalVatMinor: calculated.totalVatMinor,
      totalWithVatMinor: calculated.totalWithVatMinor,
      createdByUserId: userId,
    },
    calculated.lines,
  );
}

function illegalTransition(order: LockedOrder, from: OrderStatus, to: OrderStatus): AppError {
  const allowed = allowedNextStates(from);
  const next = allowed.length > 0 ? `it can move to ${allowed.join(', ')}` : 'it cannot move any more';
  // One field error per allowed state: a client reads the list without parsing the message.
  return new AppError(
    'IllegalOrderStateTransitionException',
    `Order ${order.orderNumber} is ${from}; it cannot move to ${to}: ${next}.`,
    allowed.map((state) => ({ field: 'state', message: state })),
  );
}

/**
 * POST /backoffice/api/Order/UpdateOrderState. One transaction: lock the order row (concurrent changes of one order
 * run one after another and each sees the other's result), check the move, write the state and who made it, then
 * what the new state means: Cancelled releases the reserved stock, Invoiced writes the invoice. A refused move
 * changes nothing (409 naming the allowed states).
 */
export async function updateOrderState(
  ctx: RequestContext,
  input: { orderId: string; state: OrderStatus; note?: string | undefined },
): Promise<UpdateOrderStateResponse> {
  const user = requireUser(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const order = await lockOrder(txCtx.db, input.orderId);
    if (!order) throw new AppError('NotFoundException', `Order ${input.orderId} was not found.`);
    const from = toOrderStatus(order.status);
    if (!canMoveOrder(from, input.state)) throw illegalTransition(order, from, input.state);

    const { changedAt } = await writeOrderState(txCtx.db, {
      orderId: order.id,
      from,
      to: input.state,
      changedByUserId: user.id,
      note: input.note ? input.note : null,
    });
    if (input.state === 'Cancelled') await releaseReservedStock(txCtx.db, order.id);
    const invoice = input.state === 'Invoiced' ? await invoiceOrder(txCtx, order, user.id) : null;
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      previousState: from,
      state: input.state,
      changedAt: changedAt.toISOString(),
      invoice: invoice ? await invoiceSummaryOf(txCtx, invoice) : null,
    };
  });
}

/**
 * POST /backoffice/api/Order/SendReceiptCopy: the order's confirmation, as the customer got it, into the outbox to
 * `email` (a buyer who lost it, their accounts department). The outbox row names the back-office user who sent it.
 */
export async function sendReceiptCopy(ctx: RequestContext, input: { orderId: string; email: string }): Promise<void> {
  const user = requireUser(ctx);
  const order = await findOrder(ctx.db, input.orderId);
  if (!order) throw new AppError('NotFoundException', `Order ${input.orderId} was not found.`);
  const [details, customer] = await Promise.all([
    findOrderDetails(ctx.db, order),
    findCustomerBuyers(ctx.db, order.customerId),
  ]);
  const confirmation = renderOrderConfirmation(toOrder(details), {
    recipientName: customer.customerName,
    customerName: customer.customerName,
  });
  await sendMail(ctx.db, {
    ...confirmation,
    subject: `Copy: ${confirmation.subject}`,
    to: input.email,
    kind: 'order-confirmation-copy',
    orderId: order.id,
    requestedByUserId: user.id,
  });
}
