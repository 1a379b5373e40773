/**
 * Back-office order calls (ADR 014): UpdateOrderState moves an order through its states (cancelling gives back its
 * stock, invoicing writes its invoice) and SendReceiptCopy mails a copy of its confirmation. Every write records the
 * back-office user who made it (`order_state_changes.changed_by_user_id`, `invoices.created_by_user_id`,
 * `mail_outbox.requested_by_user_id`) and an audit entry in its transaction (issue 28).
 */
import type { OrderStatus, UpdateOrderStateResponse } from '@b2b/contract';
import { inTransaction, type RequestContext, requireUser } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import { invoiceOrder } from '../documents/invoice-lifecycle.service.ts';
import { sendMail } from '../mail/mail.ts';
import {
  findCustomerBuyers,
  findOrder,
  findOrderDetails,
  lockOrder,
  type OrderRow,
  releaseReservedStock,
  writeOrderState,
} from './order.repository.ts';
import { renderOrderMail } from './order-mail.service.ts';
import { toOrder } from './order-mapper.ts';
import { allowedNextStates, canMoveOrder, toOrderStatus } from './order-states.ts';

function illegalTransition(order: OrderRow, from: OrderStatus, to: OrderStatus): AppError {
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
    // Invoicing writes the invoice in this transaction (the documents module's invoiceOrder).
    const invoice = input.state === 'Invoiced' ? await invoiceOrder(txCtx, { order, userId: user.id }) : null;
    await recordAuditEntry(txCtx, {
      objectType: 'order',
      objectId: order.orderNumber,
      action: 'state-change',
      summary:
        `Order ${order.orderNumber}: ${from} → ${input.state}` +
        (invoice ? ` (invoice ${invoice.invoiceNumber})` : '') +
        (input.note ? ` — ${input.note}` : ''),
      before: { state: from },
      after: {
        state: input.state,
        note: input.note ? input.note : null,
        invoiceNumber: invoice ? invoice.invoiceNumber : null,
      },
    });
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      previousState: from,
      state: input.state,
      changedAt: changedAt.toISOString(),
      invoice,
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
  // The receipt copy's own template (built in: "Copy: Order confirmation …"), greeting the customer.
  const copy = await renderOrderMail(ctx, {
    kind: 'order-confirmation-copy',
    areaId: order.areaId,
    order: toOrder(details),
    names: { recipientName: customer.customerName, customerName: customer.customerName },
  });
  // The outbox row and its audit entry commit together: a copy the log does not show is never sent.
  await inTransaction(ctx, async (txCtx) => {
    await sendMail(txCtx.db, {
      ...copy,
      to: input.email,
      kind: 'order-confirmation-copy',
      orderId: order.id,
      requestedByUserId: user.id,
    });
    await recordAuditEntry(txCtx, {
      objectType: 'order',
      objectId: order.orderNumber,
      action: 'send-receipt-copy',
      summary: `Order ${order.orderNumber}: receipt copy to ${input.email}`,
      after: { to: input.email },
    });
  });
}
