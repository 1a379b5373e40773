import { ORDER_STATUS_TEXTS } from '@b2b/contract/constants';
import type { OrderTimelineEntry } from '@b2b/contract/documents';
import { formatDateTime, formatMoney } from '~/lib/format.ts';

/** The anchor of an invoice's section on the back office's order page. */
export function invoiceAnchor(invoiceId: string): string {
  return `invoice-${invoiceId}`;
}

function describe(entry: OrderTimelineEntry, currencyCode: string) {
  switch (entry.kind) {
    case 'Placed':
      return entry.assistedBy
        ? `Placed by ${entry.assistedBy.salesPersonName} (sales rep) for the customer`
        : `Placed by ${entry.byName}`;
    case 'StateChanged':
      return `${ORDER_STATUS_TEXTS[entry.from]} → ${ORDER_STATUS_TEXTS[entry.to]}${entry.byName ? ` by ${entry.byName}` : ''}${entry.note ? ` — “${entry.note}”` : ''}`;
    case 'Invoiced':
      return (
        <>
          Invoiced: <a href={`#${invoiceAnchor(entry.invoiceId)}`}>{entry.invoiceNumber}</a> over{' '}
          {formatMoney(entry.total.priceWithVat, currencyCode)} incl. VAT
        </>
      );
    case 'InvoicePaid':
      return (
        <>
          <a href={`#${invoiceAnchor(entry.invoiceId)}`}>{entry.invoiceNumber}</a> paid
        </>
      );
    case 'Credited':
      return `Credit memo ${entry.creditMemoNumber} on ${entry.invoiceNumber}: ${formatMoney(entry.total.priceWithVat, currencyCode)} incl. VAT`;
  }
}

/**
 * The order's life for staff, oldest first (the customer's page shows the same entries with links into the customer
 * center; here an invoice links to its section on the page).
 */
export function StaffOrderTimeline({ entries, currencyCode }: { entries: OrderTimelineEntry[]; currencyCode: string }) {
  return (
    <section aria-labelledby="staff-timeline-heading" className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id="staff-timeline-heading" className="mb-2 text-lg font-semibold">
        History
      </h2>
      <ol className="flex flex-col gap-1.5 text-sm" data-testid="staff-order-timeline">
        {entries.map((entry) => (
          <li
            key={`${entry.kind}-${entry.at}`}
            className="flex flex-col sm:flex-row sm:gap-x-3 [&_a]:text-accent-800 [&_a]:underline"
          >
            <span className="w-40 shrink-0 text-neutral-600 tabular-nums">{formatDateTime(entry.at)}</span>
            <span className="min-w-0">{describe(entry, currencyCode)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
