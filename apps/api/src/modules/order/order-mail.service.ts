/**
 * The order mails through their templates (issue 28): the confirmation and its receipt copy are rendered from the
 * template the back office saved for the order's area (or the built-in text), and the back office previews an
 * unsaved template with a real order.
 */
import type { MailTemplateKind, Order } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findMailTemplateText } from '../mail/mail-templates.service.ts';
import type { MailTemplateText } from '../mail/mail-templates.ts';
import { findCustomerBuyers, findOrderDetails } from './order.repository.ts';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';
import { findOrderOfArea, findOrderPlacer } from './order-mail.repository.ts';
import { toOrder } from './order-mapper.ts';

type OrderMailKind = Extract<MailTemplateKind, 'order-confirmation' | 'order-confirmation-copy'>;

/** The order confirmation (or its copy) for one recipient, from the template that applies in the order's area. */
export async function renderOrderMail(
  ctx: RequestContext,
  input: {
    kind: OrderMailKind;
    areaId: string;
    order: Order;
    names: { recipientName: string; customerName: string };
  },
) {
  const template = await findMailTemplateText(ctx, { kind: input.kind, areaId: input.areaId });
  return renderOrderConfirmation(input.order, input.names, template);
}

export type OrderForMailPreview = {
  order: Order;
  customerName: string;
  /** Who placed the order (the confirmation's recipient; the recovery preview is addressed to them). */
  placer: { name: string; email: string; username: string };
};

/** The order a preview is rendered from: `orderNumber` in the area, or the area's newest order; 404 when none. */
export async function findOrderForMailPreview(
  ctx: RequestContext,
  input: { areaId: string; orderNumber?: string | undefined },
): Promise<OrderForMailPreview> {
  const row = await findOrderOfArea(ctx.db, input);
  if (!row) {
    throw new AppError(
      'NotFoundException',
      input.orderNumber
        ? `Order ${input.orderNumber} was not found in area ${input.areaId}.`
        : `Area ${input.areaId} has no orders yet to preview the mail with.`,
      [{ field: 'orderNumber', message: 'no such order in this area' }],
    );
  }
  const [details, customer, placer] = await Promise.all([
    findOrderDetails(ctx.db, row),
    findCustomerBuyers(ctx.db, row.customerId),
    findOrderPlacer(ctx.db, row),
  ]);
  return {
    order: toOrder(details),
    customerName: customer.customerName,
    placer: placer ?? { name: customer.customerName, email: '', username: '' },
  };
}

/** An unsaved template of an order mail rendered with a real order, as its recipient would get it. */
export function renderOrderMailPreview(
  preview: OrderForMailPreview,
  input: { kind: OrderMailKind; template: MailTemplateText },
) {
  // The copy goes to whatever address staff type; it greets the customer, as SendReceiptCopy does.
  const recipientName = input.kind === 'order-confirmation-copy' ? preview.customerName : preview.placer.name;
  return renderOrderConfirmation(preview.order, { recipientName, customerName: preview.customerName }, input.template);
}
