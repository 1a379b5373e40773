/**
 * Writes of the back office's invoice calls (ADR 014): invoices, credit memos and payments, with the locks that keep
 * concurrent calls on one invoice in line. No customer scope here: the back office acts on any customer's invoice.
 * The order's own state changes are the order module's (order/order.repository.ts).
 */
import { type Executor, queryRows } from '@b2b/db';
import {
  type AddressSnapshot,
  creditMemoLines,
  creditMemos,
  customerAddresses,
  customers,
  invoiceLines,
  invoices,
  orderLines,
} from '@b2b/db/schema';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

export type InvoiceRow = typeof invoices.$inferSelect;

export async function findOrderLinesForInvoice(db: Executor, orderId: string) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNumber));
}

/** The customer's payment terms and the address an invoice is sent to (the default address, else the first). */
export async function findBillingDetails(db: Executor, customerId: string) {
  const [customer] = await db
    .select({ paymentTermsDays: customers.paymentTermsDays })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [address] = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.name))
    .limit(1);
  const billToAddress: AddressSnapshot | null = address
    ? {
        addressId: address.id,
        name: address.name,
        street: address.street,
        postalCode: address.postalCode,
        city: address.city,
        countryCode: address.countryCode,
      }
    : null;
  return { paymentTermsDays: customer?.paymentTermsDays ?? null, billToAddress };
}

export async function insertInvoice(
  db: Executor,
  invoice: typeof invoices.$inferInsert,
  lines: Array<Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>>,
): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(invoice).returning();
  if (!row) throw new Error('invoice not stored');
  if (lines.length > 0) await db.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: row.id })));
  return row;
}

/** The invoice with its row locked: credits and payments of one invoice are checked and written one at a time. */
export async function lockInvoice(db: Executor, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  return row ?? null;
}

/** The invoice's lines with the units earlier credit memos credited, and the sums of those credit memos. */
export async function findCreditState(db: Executor, invoiceId: string) {
  const [lines, [credited]] = await Promise.all([
    queryRows<{
      id: string;
      name: string;
      quantity: number;
      lineNetMinor: number;
      creditedQuantity: number;
    }>(
      db,
      sql`select l.id, l.name, l.quantity, l.line_net_minor::float8 as "lineNetMinor",
                 coalesce((select sum(cl.quantity) from ${creditMemoLines} cl where cl.invoice_line_id = l.id), 0)::int
                   as "creditedQuantity"
            from ${invoiceLines} l
           where l.invoice_id = ${invoiceId}
           order by l.sort_order`,
    ),
    queryRows<{ netMinor: number; vatMinor: number }>(
      db,
      sql`select coalesce(sum(total_net_minor), 0)::float8 as "netMinor",
                 coalesce(sum(total_vat_minor), 0)::float8 as "vatMinor"
            from ${creditMemos} where invoice_id = ${invoiceId}`,
    ),
  ]);
  return { lines, creditedNetMinor: credited?.netMinor ?? 0, creditedVatMinor: credited?.vatMinor ?? 0 };
}

export async function insertCreditMemo(
  db: Executor,
  memo: typeof creditMemos.$inferInsert,
  lines: Array<Omit<typeof creditMemoLines.$inferInsert, 'creditMemoId'>>,
) {
  const [row] = await db.insert(creditMemos).values(memo).returning();
  if (!row) throw new Error('credit memo not stored');
  const storedLines = await db
    .insert(creditMemoLines)
    .values(lines.map((line) => ({ ...line, creditMemoId: row.id })))
    .returning();
  return { creditMemo: row, lines: storedLines.sort((a, b) => a.sortOrder - b.sortOrder) };
}

export async function markInvoicePaid(db: Executor, payment: { invoiceId: string; paidAt: Date; userId: string }) {
  await db
    .update(invoices)
    .set({ paidAt: payment.paidAt, paidByUserId: payment.userId })
    .where(and(eq(invoices.id, payment.invoiceId), sql`${invoices.paidAt} is null`));
}
