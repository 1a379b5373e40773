/**
 * An order's timeline (GetOrder, ADR 014): placed, every state change with who made it, the invoice, its payment and
 * its credit memos, oldest first. Each document entry carries the ids the storefront links to.
 */
import type { Money, Order, OrderTimelineEntry } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { creditMemos, invoices, orderStateChanges, users } from '@b2b/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { minorToMajor } from '../price/price-calculation.ts';
import { toOrderStatus } from './order-states.ts';

function money(netMinor: number, vatMinor: number): Money {
  return { priceWithVat: minorToMajor(netMinor + vatMinor), priceWithoutVat: minorToMajor(netMinor) };
}

export async function findOrderTimeline(
  db: Executor,
  order: { orderId: string; placedAt: string; placedBy: string; assistedBy: Order['assistedBy'] },
): Promise<OrderTimelineEntry[]> {
  const [changes, orderInvoices] = await Promise.all([
    db
      .select({ change: orderStateChanges, byName: users.name })
      .from(orderStateChanges)
      .leftJoin(users, eq(users.id, orderStateChanges.changedByUserId))
      .where(eq(orderStateChanges.orderId, order.orderId))
      .orderBy(asc(orderStateChanges.createdAt)),
    db.select().from(invoices).where(eq(invoices.orderId, order.orderId)),
  ]);
  const invoiceById = new Map(orderInvoices.map((invoice) => [invoice.id, invoice]));
  const memos =
    orderInvoices.length === 0
      ? []
      : await db
          .select()
          .from(creditMemos)
          .where(inArray(creditMemos.invoiceId, [...invoiceById.keys()]));

  const entries: OrderTimelineEntry[] = [
    { kind: 'Placed', at: order.placedAt, byName: order.placedBy, assistedBy: order.assistedBy },
    ...changes.map(
      ({ change, byName }): OrderTimelineEntry => ({
        kind: 'StateChanged',
        at: change.createdAt.toISOString(),
        from: toOrderStatus(change.fromStatus),
        to: toOrderStatus(change.toStatus),
        byName,
        note: change.note,
      }),
    ),
    ...orderInvoices.flatMap((invoice): OrderTimelineEntry[] => {
      const document = { invoiceId: invoice.id, linkId: invoice.linkId, invoiceNumber: invoice.invoiceNumber };
      const invoiced: OrderTimelineEntry = {
        kind: 'Invoiced',
        at: invoice.createdAt.toISOString(),
        ...document,
        total: money(invoice.totalNetMinor, invoice.totalVatMinor),
      };
      return invoice.paidAt
        ? [invoiced, { kind: 'InvoicePaid', at: invoice.paidAt.toISOString(), ...document }]
        : [invoiced];
    }),
    ...memos.flatMap((memo): OrderTimelineEntry[] => {
      const invoice = invoiceById.get(memo.invoiceId);
      if (!invoice) return []; // cannot happen: the memos were looked up by these invoices
      return [
        {
          kind: 'Credited',
          at: memo.createdAt.toISOString(),
          creditMemoId: memo.id,
          creditMemoNumber: memo.creditMemoNumber,
          invoiceNumber: invoice.invoiceNumber,
          total: money(memo.totalNetMinor, memo.totalVatMinor),
        },
      ];
    }),
  ];
  // Stable sort: entries of the same instant keep the order above (placed, change, invoice, payment, credit).
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
