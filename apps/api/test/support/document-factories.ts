/**
 * Factories for document tests: an invoice of a placed order and credit memos against it, inserted straight through
 * Drizzle with the dates and states a test asserts on (paid, open, overdue). The back office's own invoicing and
 * crediting are tested through their calls; these only state the documents a customer-side test reads.
 */
import type { Executor } from '@b2b/db';
import {
  creditMemoLines,
  creditMemos,
  customerAddresses,
  invoiceLines,
  invoices,
  orderLines,
  orders,
} from '@b2b/db/schema';
import { and, asc, eq } from 'drizzle-orm';

/**
 * The invoice of an order: its lines copied from the order's top-level product lines, totals their sums, VAT at the
 * order's rate, the bill-to address the customer's default one.
 */
export async function createInvoice(
  db: Executor,
  fields: { orderId: string; invoiceDate: string; dueDate: string; paidAt?: Date | null },
) {
  const [order] = await db.select().from(orders).where(eq(orders.id, fields.orderId));
  if (!order) throw new Error(`order ${fields.orderId} not found`);
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.lineNumber));
  const productLines = lines.filter((line) => line.parentId === null);
  const [address] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, order.customerId), eq(customerAddresses.isDefault, true)));
  const totalNetMinor = productLines.reduce((sum, line) => sum + line.netLinePriceMinor, 0);
  const totalVatMinor = productLines.reduce((sum, line) => sum + line.vatMinor, 0);
  const [invoice] = await db
    .insert(invoices)
    .values({
      customerId: order.customerId,
      orderId: order.id,
      areaId: order.areaId,
      currencyCode: order.currencyCode,
      vatRateBasisPoints: order.vatRateBasisPoints,
      billToAddress: address
        ? {
            addressId: address.id,
            name: address.name,
            street: address.street,
            postalCode: address.postalCode,
            city: address.city,
            countryCode: address.countryCode,
          }
        : null,
      invoiceDate: fields.invoiceDate,
      dueDate: fields.dueDate,
      totalNetMinor,
      totalVatMinor,
      totalWithVatMinor: totalNetMinor + totalVatMinor,
      paidAt: fields.paidAt ?? null,
    })
    .returning();
  if (!invoice) throw new Error('invoice not inserted');
  const insertedLines = await db
    .insert(invoiceLines)
    .values(
      productLines.map((line, index) => ({
        invoiceId: invoice.id,
        orderLineId: line.id,
        type: 'Product' as const,
        productId: line.productId,
        variantId: line.variantId,
        unitOfMeasure: line.unitOfMeasure,
        name: line.name,
        quantity: line.quantity,
        unitNetMinor: line.netUnitPriceMinor,
        lineNetMinor: line.netLinePriceMinor,
        lineVatMinor: line.vatMinor,
        sortOrder: index + 1,
      })),
    )
    .returning();
  return { ...invoice, lines: insertedLines };
}

/** A credit memo of `quantity` units of one invoice line, VAT at the invoice's rate (rounded half up). */
export async function createLineCreditMemo(
  db: Executor,
  fields: {
    invoice: Awaited<ReturnType<typeof createInvoice>>;
    invoiceLineId: string;
    quantity: number;
    creditMemoDate: string;
    reason?: string;
  },
) {
  const line = fields.invoice.lines.find((candidate) => candidate.id === fields.invoiceLineId);
  if (!line) throw new Error(`invoice line ${fields.invoiceLineId} not found`);
  const netMinor = line.unitNetMinor * fields.quantity;
  const vatMinor = Math.round((netMinor * fields.invoice.vatRateBasisPoints) / 10_000);
  const [memo] = await db
    .insert(creditMemos)
    .values({
      invoiceId: fields.invoice.id,
      customerId: fields.invoice.customerId,
      currencyCode: fields.invoice.currencyCode,
      creditMemoDate: fields.creditMemoDate,
      totalNetMinor: netMinor,
      totalVatMinor: vatMinor,
      totalWithVatMinor: netMinor + vatMinor,
      reason: fields.reason ?? 'Damaged in transit',
    })
    .returning();
  if (!memo) throw new Error('credit memo not inserted');
  await db.insert(creditMemoLines).values({
    creditMemoId: memo.id,
    invoiceLineId: line.id,
    description: line.name,
    quantity: fields.quantity,
    netMinor,
    vatMinor,
    sortOrder: 1,
  });
  return memo;
}
