/**
 * Tables that become a stack of cards below 768 px instead of scrolling sideways (issue 11: no page wider than the
 * screen, nothing hidden off to the right). From `md` they are ordinary tables; below, every row is a card, the
 * column headers are read by screen readers only, and each cell shows its column's name beside its value.
 */
import type { ReactNode } from 'react';

/** The box around the table: bordered from 768 px; below, the cards carry their own borders. */
export const REFLOW_TABLE_BOX = 'md:overflow-x-auto md:rounded-lg md:border md:border-neutral-200 md:bg-white';
export const REFLOW_TABLE = 'w-full text-left text-sm max-md:block';
/** On the `<thead>`: the headers stay in the accessibility tree on a phone, where each cell names its column. */
export const REFLOW_HEAD = 'max-md:sr-only';
export const REFLOW_BODY = 'max-md:flex max-md:flex-col max-md:gap-3';
/** On each body `<tr>`: a card below 768 px (two columns, so a row's checkbox can sit beside its title). */
export const REFLOW_ROW =
  'max-md:grid max-md:grid-cols-[auto_1fr] max-md:gap-x-3 max-md:rounded-lg max-md:border max-md:border-neutral-200 max-md:bg-white max-md:px-4 max-md:py-2';
/** On each body cell: below 768 px a line "label … value"; add it to the cell's own classes. */
export const REFLOW_CELL =
  'max-md:col-span-2 max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:whitespace-normal';
/** The cell that names the row (its `<th scope="row">`): the card's title line. */
export const REFLOW_TITLE_CELL =
  'max-md:col-span-2 max-md:block max-md:px-0 max-md:pt-1 max-md:pb-2 max-md:text-base max-md:text-left';

/** A row's checkbox cell and the title cell beside it (lists whose rows can be chosen). */
export const REFLOW_CHECK_CELL = 'max-md:flex max-md:items-center max-md:p-0';
export const REFLOW_TITLE_BESIDE_CHECK_CELL =
  'max-md:block max-md:px-0 max-md:pt-1 max-md:pb-2 max-md:text-base max-md:text-left';

/** The column's name, shown inside the cell below 768 px only (the header row is hidden there). */
export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="shrink-0 text-left font-medium text-neutral-600 md:hidden">{children}</span>;
}
