/**
 * The tables of the documents pages (the two lists and the lines of an invoice or a credit memo): on a phone their rows
 * become cards (components/ui/reflow-table.tsx), from 768 px a box that scrolls sideways if it must; the column headers,
 * the rows, and the cells' padding.
 */
import { type ReactNode, useId } from 'react';
import {
  REFLOW_BODY,
  REFLOW_CELL,
  REFLOW_HEAD,
  REFLOW_ROW,
  REFLOW_TABLE,
  REFLOW_TABLE_BOX,
  REFLOW_TITLE_CELL,
} from '~/components/ui/reflow-table.tsx';
import { cn } from '~/lib/cn.ts';

/**
 * A data cell, amounts and quantities right-aligned like their header; below 768 px a "label … value" line of the
 * row's card (each such cell starts with a `CellLabel`).
 */
export const LIST_CELL = cn('px-3 py-2 sm:px-4 whitespace-nowrap', REFLOW_CELL);
export const LIST_AMOUNT_CELL = cn('px-3 py-2 sm:px-4 text-right whitespace-nowrap', REFLOW_CELL);
/** A document line's name (its `<th scope="row">`): the card's title line below 768 px. */
export const LINE_TITLE_CELL = cn('py-2 font-normal', REFLOW_TITLE_CELL);
const HEADER_CELL = 'px-3 py-2 sm:px-4 font-medium whitespace-nowrap';

/**
 * A documents table: cards below 768 px (components/ui/reflow-table.tsx), so nothing scrolls sideways on a phone;
 * from 768 px a box that scrolls sideways if a wide table must, so the page itself never does. The box is focusable
 * and named, so keyboard users can scroll it too.
 */
export function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn(REFLOW_TABLE_BOX, 'focus-visible:outline-2 focus-visible:outline-accent-600')}
    >
      <table className={REFLOW_TABLE}>
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
 * The column headers; `leadingCell` goes first (a list's "choose every row" box). Below 768 px only the leading cell
 * shows (the cards name their columns themselves); the column headers stay for screen readers.
 */
export function DocumentTableHead({ columns, leadingCell }: { columns: DocumentColumn[]; leadingCell?: ReactNode }) {
  // on a phone the header row shows only the leading cell, so without one it is left to screen readers altogether
  const phoneHead = leadingCell ? 'max-md:mb-3 max-md:block max-md:rounded-lg max-md:border' : REFLOW_HEAD;
  return (
    <thead className={cn('border-b border-neutral-200 bg-neutral-50 text-neutral-700', phoneHead)}>
      <tr className="max-md:flex">
        {leadingCell}
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={cn(HEADER_CELL, column.isAmount && 'text-right', 'max-md:sr-only')}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The body of a documents table, whose rows become cards below 768 px. */
export function ReflowingTableBody({ children }: { children: ReactNode }) {
  return <tbody className={REFLOW_BODY}>{children}</tbody>;
}

/**
 * One row of the body, ruled off from the next (a card below 768 px); `testId` names what it shows (invoice-row,
 * credit-memo-line …).
 */
export function DocumentTableRow({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <tr data-testid={testId} className={cn('border-b border-neutral-100 last:border-0', REFLOW_ROW)}>
      {children}
    </tr>
  );
}
