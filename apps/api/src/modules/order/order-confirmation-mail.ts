/**
 * The order confirmation mail (plain text and HTML), rendered from the placed order through its template (the one
 * staff edited in the back office, or the built-in text; mail/mail-templates.ts).
 */
import type { Order } from '@b2b/contract';
import { MAIL_TEMPLATE_DEFINITIONS, type MailTemplateText, renderMailTemplate } from '../mail/mail-templates.ts';

function formatAmount(amount: number, currencyCode: string): string {
  const display = currencyCode === 'XNOK' ? 'NOK' : currencyCode; // spec §1: XNOK is shown as NOK
  return `${amount.toFixed(2)} ${display}`;
}

/**
 * The values of the order mails' placeholders. `customerName` (the customer the order is for) appears in the notes
 * when a sales rep placed the order, so the customer learns who placed it in their name (ADR 013).
 */
export function orderMailValues(
  order: Order,
  names: { recipientName: string; customerName: string },
): Record<string, string> {
  const lineTexts = order.lines
    .filter((line) => line.parentId === null)
    .map(
      (line) =>
        `${line.quantity} × ${line.name} (${line.productKey.variantId ?? line.productKey.productId}): ` +
        `${formatAmount(line.netLinePrice.priceWithoutVat, order.currencyCode)}${line.isBackorder ? ' — backorder' : ''}` +
        // The campaign that priced the line, as the receipt names it (issue 27).
        (line.campaign
          ? ` — ${line.campaign.name} −${line.campaign.level.discountPercentage} % ` +
            `(−${formatAmount(line.campaign.discount, order.currencyCode)})`
          : ''),
    );
  // The VAT as the difference of the two totals, in minor units (both are exact to the cent).
  const vatAmount =
    (Math.round(order.totalPrice.priceWithVat * 100) - Math.round(order.totalPrice.priceWithoutVat * 100)) / 100;
  const totals = [
    `Shipping: ${formatAmount(order.shippingFee.priceWithoutVat, order.currencyCode)}`,
    `Total excl. VAT: ${formatAmount(order.totalPrice.priceWithoutVat, order.currencyCode)}`,
    `${order.vat.label}: ${formatAmount(vatAmount, order.currencyCode)}`,
    `Total incl. VAT: ${formatAmount(order.totalPrice.priceWithVat, order.currencyCode)}`,
    ...(order.vat.note ? [order.vat.note] : []),
  ];
  const notes = [
    ...(order.assistedBy
      ? [`Placed by ${order.assistedBy.salesPersonName} (sales rep) for ${names.customerName}.`]
      : []),
    ...(order.reference ? [`Your reference: ${order.reference}`] : []),
    ...(order.isBackorder ? ['Some items are on backorder and will ship when they arrive.'] : []),
  ];
  return {
    name: names.recipientName,
    orderNumber: order.orderNumber,
    customerName: names.customerName,
    reference: order.reference ?? '',
    total: formatAmount(order.totalPrice.priceWithVat, order.currencyCode),
    notes: notes.join('\n'),
    lines: lineTexts.join('\n'),
    totals: totals.join('\n'),
  };
}

/** The mail for `recipientName`, from `template` (the built-in order confirmation when none is given). */
export function renderOrderConfirmation(
  order: Order,
  names: { recipientName: string; customerName: string },
  template: MailTemplateText = MAIL_TEMPLATE_DEFINITIONS['order-confirmation'].builtIn,
) {
  return renderMailTemplate(template, orderMailValues(order, names));
}
