import { ORDER_STATUS_TEXTS } from '@b2b/contract/constants';
import type { OrderTimelineEntry } from '@b2b/contract/documents';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAssistedByText } from '~/components/order/assisted-by.tsx';
import { cn } from '~/lib/cn.ts';
import { creditMemoPath, invoicePath } from '~/lib/customer-center-paths.ts';
import { formatDateTime, formatMoney } from '~/lib/format.ts';

const LINK_CLASS = 'font-medium text-accent-800 underline hover:text-accent-900';

/** A mark per kind of event beside the line, so the list reads at a glance; the words carry the meaning. */
const MARKS: Record<OrderTimelineEntry['kind'], { symbol: string; className: string }> = {
  Placed: { symbol: '●', className: 'bg-accent-600 text-white' },
  StateChanged: { symbol: '→', className: 'bg-neutral-700 text-white' },
  Invoiced: { symbol: '≡', className: 'bg-sky-700 text-white' },
  InvoicePaid: { symbol: '✓', className: 'bg-emerald-700 text-white' },
  Credited: { symbol: '−', className: 'bg-amber-700 text-white' },
};

/** What tells an entry from the others: its document, or its moment (an order changes state at most once at a time). */
function timelineKey(entry: OrderTimelineEntry): string {
  switch (entry.kind) {
    case 'Invoiced':
    case 'InvoicePaid':
      return `${entry.kind}-${entry.invoiceId}`;
    case 'Credited':
      return `${entry.kind}-${entry.creditMemoId}`;
    case 'StateChanged':
      return `${entry.kind}-${entry.at}-${entry.to}`;
    case 'Placed':
      return entry.kind;
  }
}

function PlacedText({ entry }: { entry: Extract<OrderTimelineEntry, { kind: 'Placed' }> }) {
  const assistedBy = useAssistedByText(entry.assistedBy);
  return (
    <>
      <p className="font-medium">Order placed</p>
      <p className="text-neutral-700">
        {assistedBy ? (
          <>
            by <span data-testid="timeline-assisted-by">{assistedBy}</span>
          </>
        ) : (
          `by ${entry.byName}`
        )}
      </p>
    </>
  );
}

function EntryText({ entry, currencyCode }: { entry: OrderTimelineEntry; currencyCode: string }): ReactNode {
  switch (entry.kind) {
    case 'Placed':
      return <PlacedText entry={entry} />;
    case 'StateChanged':
      return (
        <>
          <p className="font-medium">{ORDER_STATUS_TEXTS[entry.to]}</p>
          <p className="text-neutral-700">
            Status changed from {ORDER_STATUS_TEXTS[entry.from]} to {ORDER_STATUS_TEXTS[entry.to]}
            {entry.byName ? ` by ${entry.byName}` : ''}
          </p>
          {entry.note ? <p className="whitespace-pre-line text-neutral-700">“{entry.note}”</p> : null}
        </>
      );
    case 'Invoiced':
      return (
        <>
          <p className="font-medium">
            Invoiced:{' '}
            <Link to={invoicePath(entry.linkId)} className={LINK_CLASS}>
              {entry.invoiceNumber}
            </Link>
          </p>
          <p className="text-neutral-700">{formatMoney(entry.total.priceWithVat, currencyCode)} incl. VAT</p>
        </>
      );
    case 'InvoicePaid':
      return (
        <p className="font-medium">
          Invoice{' '}
          <Link to={invoicePath(entry.linkId)} className={LINK_CLASS}>
            {entry.invoiceNumber}
          </Link>{' '}
          paid
        </p>
      );
    case 'Credited':
      return (
        <>
          <p className="font-medium">
            Credit memo{' '}
            <Link to={creditMemoPath(entry.creditMemoId)} className={LINK_CLASS}>
              {entry.creditMemoNumber}
            </Link>
          </p>
          <p className="text-neutral-700">
            {formatMoney(entry.total.priceWithVat, currencyCode)} incl. VAT credited on {entry.invoiceNumber}
          </p>
        </>
      );
  }
}

/**
 * The order's life, oldest first (ADR 014): placed (by whom, or by which sales rep for the customer), each state
 * change with who made it, the invoice, its payment and the credit memos, each document linked.
 */
export function OrderTimeline({ entries, currencyCode }: { entries: OrderTimelineEntry[]; currencyCode: string }) {
  return (
    <section aria-labelledby="order-timeline-heading" className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id="order-timeline-heading" className="mb-4 text-lg font-semibold">
        History
      </h2>
      <ol className="flex flex-col" data-testid="order-timeline">
        {entries.map((entry, index) => (
          <li
            key={timelineKey(entry)}
            data-testid="timeline-entry"
            className="relative flex gap-3 pb-5 text-sm last:pb-0"
          >
            {index < entries.length - 1 ? (
              <span
                aria-hidden="true"
                className="absolute top-7 bottom-0 left-3 w-px -translate-x-1/2 bg-neutral-300"
              />
            ) : null}
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                MARKS[entry.kind].className,
              )}
            >
              {MARKS[entry.kind].symbol}
            </span>
            <div className="min-w-0">
              <EntryText entry={entry} currencyCode={currencyCode} />
              <p className="text-xs text-neutral-600">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> (UTC)
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
