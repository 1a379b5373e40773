/**
 * The tables of the documents pages (the two lists and the lines of an invoice or a credit memo): a box that scrolls
 * sideways, the column headers, the rows, and the cells' padding.
 */
import { type ReactNode, useId } from 'react';

/** A data cell; amounts and quantities take `AMOUNT_CELL` (right-aligned, like their header). */
export const CELL = 'px-3 py-2 sm:px-4 whitespace-nowrap';
export const AMOUNT_CELL = 'px-3 py-2 sm:px-4 text-right whitespace-nowrap';
const HEADER_CELL = 'px-3 py-2 sm:px-4 font-medium whitespace-nowrap';

/**
 * A table that scrolls sideways in its own box on a narrow screen, so the page itself never does. The box is
 * focusable and named, so keyboard users can scroll it too.
 */
export function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-neutral-200 bg-white focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}

export type DocumentColumn = { label: string; isAmount?: boolean };

/** The column headers; `leadingCell` goes first (a list's "choose every row" box). */
export function DocumentTableHead({ columns, leadingCell }: { columns: DocumentColumn[]; leadingCell?: ReactNode }) {
  return (
    <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
      <tr>
        {leadingCell}
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.isAmount ? `${HEADER_CELL} text-right` : HEADER_CELL}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One row of the body, ruled off from the next; `testId` names what it shows (invoice-row, credit-memo-line …). */
export function DocumentTableRow({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <tr data-testid={testId} className="border-b border-neutral-100 last:border-0">
      {children}
    </tr>
  );
}
