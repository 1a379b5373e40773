/** The order confirmation mail (plain text and HTML), rendered from the placed order. */
import type { Order } from '@b2b/contract';

function formatAmount(amount: number, currencyCode: string): string {
  const display = currencyCode === 'XNOK' ? 'NOK' : currencyCode; // spec §1: XNOK is shown as NOK
  return `${amount.toFixed(2)} ${display}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The mail for `recipientName`. `customerName` (the customer the order is for) appears when a sales rep placed the
 * order, so the customer learns who placed it in their name (ADR 013).
 */
export function renderOrderConfirmation(order: Order, names: { recipientName: string; customerName: string }) {
  const subject = `Order confirmation ${order.orderNumber}`;
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
  const intro = [
    `Dear ${names.recipientName},`,
    '',
    `thank you for your order ${order.orderNumber}.`,
    ...(order.assistedBy
      ? [`Placed by ${order.assistedBy.salesPersonName} (sales rep) for ${names.customerName}.`]
      : []),
    ...(order.reference ? [`Your reference: ${order.reference}`] : []),
    ...(order.isBackorder ? ['Some items are on backorder and will ship when they arrive.'] : []),
  ];
  const text = [...intro, '', ...lineTexts, '', ...totals, ''].join('\n');
  const html = [
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<ul>${lineTexts.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    ...totals.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { subject, text, html };
}
