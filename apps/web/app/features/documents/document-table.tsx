/**
 * The tables of the documents pages (the two lists and the lines of an invoice or a credit memo): a box that scrolls
 * sideways, the column headers, the rows, and the cells' padding.
 */
import { type ReactNode, useId } from 'react';
import { REFLOW_BODY, REFLOW_CELL, REFLOW_ROW, REFLOW_TABLE, REFLOW_TABLE_BOX } from '~/components/ui/reflow-table.tsx';

/** A data cell; amounts and quantities take `AMOUNT_CELL` (right-aligned, like their header). */
export const CELL = 'px-3 py-2 sm:px-4 whitespace-nowrap';
export const AMOUNT_CELL = 'px-3 py-2 sm:px-4 text-right whitespace-nowrap';
/** The same for the lists, whose rows become cards below 768 px (each such cell starts with a `CellLabel`). */
export const LIST_CELL = `${CELL} ${REFLOW_CELL}`;
export const LIST_AMOUNT_CELL = `${AMOUNT_CELL} ${REFLOW_CELL}`;
const HEADER_CELL = 'px-3 py-2 sm:px-4 font-medium whitespace-nowrap';

/**
 * A table that scrolls sideways in its own box on a narrow screen, so the page itself never does. The box is
 * focusable and named, so keyboard users can scroll it too.
 */
export function ScrollingTable({
  caption,
  reflows = false,
  children,
}: {
  caption: string;
  /** The lists: cards below 768 px instead of a box that scrolls (components/ui/reflow-table.tsx). */
  reflows?: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={`${reflows ? REFLOW_TABLE_BOX : 'overflow-x-auto rounded-lg border border-neutral-200 bg-white'} focus-visible:outline-2 focus-visible:outline-accent-600`}
    >
      <table className={reflows ? REFLOW_TABLE : 'w-full text-left text-sm'}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}

export type DocumentColumn = { label: string; isAmount?: boolean };

/**
 * The column headers; `leadingCell` goes first (a list's "choose every row" box). With `reflows`, below 768 px only the
 * leading cell shows (the cards name their columns themselves); the column headers stay for screen readers.
 */
export function DocumentTableHead({
  columns,
  leadingCell,
  reflows = false,
}: {
  columns: DocumentColumn[];
  leadingCell?: ReactNode;
  reflows?: boolean;
}) {
  const phoneHidden = reflows ? ' max-md:sr-only' : '';
  return (
    <thead
      className={`border-b border-neutral-200 bg-neutral-50 text-neutral-700 ${reflows ? 'max-md:mb-3 max-md:block max-md:rounded-lg max-md:border' : ''}`}
    >
      <tr className={reflows ? 'max-md:flex' : undefined}>
        {leadingCell}
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={`${column.isAmount ? `${HEADER_CELL} text-right` : HEADER_CELL}${phoneHidden}`}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The body of a list whose rows become cards below 768 px. */
export function ReflowingTableBody({ children }: { children: ReactNode }) {
  return <tbody className={REFLOW_BODY}>{children}</tbody>;
}

/** One row of the body, ruled off from the next; `testId` names what it shows (invoice-row, credit-memo-line …). */
export function DocumentTableRow({
  testId,
  reflows = false,
  children,
}: {
  testId: string;
  reflows?: boolean;
  children: ReactNode;
}) {
  return (
    <tr data-testid={testId} className={`border-b border-neutral-100 last:border-0 ${reflows ? REFLOW_ROW : ''}`}>
      {children}
    </tr>
  );
}
