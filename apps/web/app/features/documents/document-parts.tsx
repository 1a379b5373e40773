/** Pieces of the invoice and credit memo pages: the back link, the facts under the title, the lines, the totals. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TotalsVat } from '~/components/order/order-totals.ts';
import { VatNote } from '~/components/order/vat-note.tsx';
import { buttonClassName } from '~/components/ui/button.tsx';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { type DocumentColumn, DocumentTableHead, ReflowingTableBody, ScrollingTable } from './document-table.tsx';

export const LINK_CLASS = 'text-accent-800 underline hover:text-accent-900';

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="text-sm text-accent-800 underline hover:text-accent-900">
        <span aria-hidden="true">‹ </span>
        {children}
      </Link>
    </p>
  );
}

/** A document's number, linking to its page, and its date: how short lists of documents name each one. */
export function DocumentLinkWithDate({
  href,
  documentNumber,
  date,
}: {
  href: string;
  documentNumber: string;
  date: string;
}) {
  return (
    <span>
      <Link to={href} className={LINK_CLASS}>
        {documentNumber}
      </Link>{' '}
      <span className="text-neutral-600">{formatDate(date)}</span>
    </span>
  );
}

/** Label–value pairs under a document's title (date, due date, order …), wrapping on a narrow screen. */
export function DocumentFacts({ facts }: { facts: Array<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="flex gap-2">
          <dt className="text-neutral-600">{fact.label}</dt>
          <dd className="text-neutral-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A link that downloads the document's PDF: a full request (not the router's), so the browser saves the file the
 * download route answers with.
 */
export function PdfDownloadLink({ href, documentName }: { href: string; documentName: string }) {
  return (
    <a href={href} download className={buttonClassName('primary', 'self-start')} data-testid="pdf-download">
      Download PDF<span className="sr-only"> of {documentName}</span>
    </a>
  );
}

/**
 * The document's lines under their heading (`headingId` names the section), its totals (`totals`) below them. On a
 * phone each line is a card (its cells name their columns with CellLabel), never a box that scrolls sideways.
 */
export function DocumentLinesSection({
  headingId,
  heading,
  caption,
  columns,
  totals,
  children,
}: {
  headingId: string;
  heading: string;
  caption: string;
  columns: DocumentColumn[];
  totals: ReactNode;
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      <ScrollingTable caption={caption}>
        <DocumentTableHead columns={columns} />
        <ReflowingTableBody>{children}</ReflowingTableBody>
      </ScrollingTable>
      {totals}
    </section>
  );
}

/**
 * Net, VAT (labelled with its rate and treatment) and total of a document; `extraRows` after them (credited, open);
 * then the note the VAT rate rests on (ADR 018).
 */
export function DocumentTotals({
  total,
  currencyCode,
  vat: documentVat,
  extraRows = [],
}: {
  total: { priceWithVat: number; priceWithoutVat: number };
  currencyCode: string;
  vat: TotalsVat;
  /** `isDeduction`: shown with a minus, as the order summary shows its discount. */
  extraRows?: Array<{ label: string; amount: number; isDeduction?: boolean; testId?: string }>;
}) {
  // the VAT as the difference of the two totals the API gives, rounded to the cent it was computed in
  const vat = Math.round((total.priceWithVat - total.priceWithoutVat) * 100) / 100;
  return (
    <div className="ml-auto flex w-full max-w-sm flex-col gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>Total excl. VAT</dt>
        <dd className="text-right">{formatMoney(total.priceWithoutVat, currencyCode)}</dd>
        <dt>{documentVat.label}</dt>
        <dd className="text-right" data-testid="document-vat">
          {formatMoney(vat, currencyCode)}
        </dd>
        <dt className="border-t border-neutral-200 pt-2 font-semibold">Total incl. VAT</dt>
        <dd className="border-t border-neutral-200 pt-2 text-right font-semibold" data-testid="document-total">
          {formatMoney(total.priceWithVat, currencyCode)}
        </dd>
        {extraRows.map((row) => (
          <div key={row.label} className="contents">
            <dt>{row.label}</dt>
            <dd className="text-right" data-testid={row.testId}>
              {row.isDeduction ? '−' : ''}
              {formatMoney(row.amount, currencyCode)}
            </dd>
          </div>
        ))}
      </dl>
      <VatNote vat={documentVat} />
    </div>
  );
}
