/**
 * The personalised order sheet's layout (issue 26 §2, ADR 028): its columns in order, the title and note rows, the
 * price column's number format in the customer's currency, the file name. Pure: the download service feeds it rows
 * and writes what it returns, so the rules a buyer sees are tested without a database or a workbook.
 *
 * Rows 1–2 are the title (customer, date) and a note (scope, currency, what to do); row 3 the headers, frozen with
 * the rows above and carrying the auto-filter; data from row 4. ValidateUpload finds the header row by its texts
 * (SHEET_COLUMN_HEADERS), so the rows above it are free to say what the buyer needs.
 */
import { formatVariantKey, SHEET_COLUMN_HEADERS } from '@b2b/contract';
import { DEFAULT_LANGUAGE_CODE, MAX_LINE_QUANTITY, toDisplayCurrency } from '@b2b/contract/constants';

export const SHEET_NAME = 'Order sheet';
export const TITLE_ROW = 1;
export const NOTE_ROW = 2;
export const HEADER_ROW = 3;
export const FIRST_DATA_ROW = 4;

/** One variant as the sheet shows it. Dates are days of the shop's calendar (UTC), `yyyy-mm-dd`. */
export type SheetRow = {
  productId: string;
  /** Null for a product sold without variants. */
  variantId: string | null;
  name: string;
  brand: string;
  size: string | null;
  colour: string | null;
  /** The customer's net unit price without VAT, major units of its currency. */
  netUnitPrice: number;
  availableQuantity: number;
  nextArrivalOn: string | null;
  lastOrderedOn: string | null;
  lastOrderedQuantity: number | null;
};

type ColumnKey =
  | 'itemNumber'
  | 'variantNumber'
  | 'name'
  | 'brand'
  | 'size'
  | 'colour'
  | 'netUnitPrice'
  | 'availableQuantity'
  | 'nextArrivalOn'
  | 'lastOrderedOn'
  | 'lastOrderedQuantity'
  | 'quantity'
  | 'variantKey';

export type SheetColumn = {
  key: ColumnKey;
  header: string;
  /** Width in characters, wide enough for the header and typical values. */
  width: number;
  /** Excel number format of the column's values, when they are numbers or dates. */
  numberFormat?: string;
  hidden?: boolean;
};

/** Dates as ISO days: the same in every locale, and sorted as text too. */
export const SHEET_DATE_FORMAT = 'yyyy-mm-dd';
const COUNT_FORMAT = '#,##0';

/** The columns, in order. The price's header and format name the customer's (display) currency. */
export function sheetColumns(currencyCode: string): SheetColumn[] {
  return [
    { key: 'itemNumber', header: SHEET_COLUMN_HEADERS.itemNumber, width: 14 },
    { key: 'variantNumber', header: SHEET_COLUMN_HEADERS.variantNumber, width: 17 },
    { key: 'name', header: 'Name', width: 40 },
    { key: 'brand', header: 'Brand', width: 16 },
    { key: 'size', header: 'Size', width: 9 },
    { key: 'colour', header: 'Colour', width: 14 },
    {
      key: 'netUnitPrice',
      header: `Net unit price (${toDisplayCurrency(currencyCode)})`,
      width: 20,
      numberFormat: currencyNumberFormat(currencyCode),
    },
    { key: 'availableQuantity', header: 'Available', width: 11, numberFormat: COUNT_FORMAT },
    { key: 'nextArrivalOn', header: 'Next arrival', width: 13, numberFormat: SHEET_DATE_FORMAT },
    { key: 'lastOrderedOn', header: 'Last ordered', width: 13, numberFormat: SHEET_DATE_FORMAT },
    { key: 'lastOrderedQuantity', header: 'Last ordered quantity', width: 21, numberFormat: COUNT_FORMAT },
    { key: 'quantity', header: SHEET_COLUMN_HEADERS.quantity, width: 11, numberFormat: COUNT_FORMAT },
    // The key survives renamed item numbers and re-sorted rows; hidden, as the buyer has nothing to do with it.
    { key: 'variantKey', header: SHEET_COLUMN_HEADERS.variantKey, width: 24, hidden: true },
  ];
}

/** The 1-based column of a key in sheetColumns' order. */
export function columnNumberOf(key: ColumnKey): number {
  return sheetColumns('EUR').findIndex((column) => column.key === key) + 1;
}

/** A 1-based column number as its letters: 1 → A, 13 → M, 27 → AA. */
export function columnLetters(columnNumber: number): string {
  let letters = '';
  for (let rest = columnNumber; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The price column's number format: the display currency's symbol as a literal (en-GB's, as the storefront shows
 * prices: €, US$, NOK) and two decimals. The digits' separators follow the reader's locale, as numbers should.
 */
export function currencyNumberFormat(currencyCode: string): string {
  const currency = toDisplayCurrency(currencyCode);
  let symbol = currency;
  try {
    symbol =
      new Intl.NumberFormat(DEFAULT_LANGUAGE_CODE, { style: 'currency', currency })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    // A code Intl does not know: the code itself, as formatMoney in the storefront shows it.
  }
  const prefix = /^[A-Za-z]+$/.test(symbol) ? `${symbol} ` : symbol;
  return `"${prefix}"#,##0.00`;
}

/** The Quantity column's validation: whole numbers 0–MAX_LINE_QUANTITY, with a message that says so. */
export function quantityValidation() {
  const limit = MAX_LINE_QUANTITY.toLocaleString(DEFAULT_LANGUAGE_CODE);
  return {
    type: 'whole' as const,
    operator: 'between' as const,
    allowBlank: true,
    formulae: [0, MAX_LINE_QUANTITY],
    showErrorMessage: true,
    errorStyle: 'stop' as const,
    errorTitle: 'Quantity',
    error: `Enter a whole number from 0 to ${limit}.`,
    showInputMessage: true,
    promptTitle: 'Quantity',
    prompt: `How many to order: a whole number from 0 to ${limit}; leave empty to skip.`,
  };
}

/** The values of one data row, in column order (dates as Date values, so Excel sorts and filters them as dates). */
export function sheetRowValues(row: SheetRow): Array<string | number | Date | null> {
  return [
    row.productId,
    row.variantId,
    row.name,
    row.brand,
    row.size,
    row.colour,
    row.netUnitPrice,
    row.availableQuantity,
    dayAsDate(row.nextArrivalOn),
    dayAsDate(row.lastOrderedOn),
    row.lastOrderedQuantity,
    null,
    formatVariantKey({ productId: row.productId, variantId: row.variantId }),
  ];
}

/** A `yyyy-mm-dd` day as midnight UTC (a whole Excel date serial), or null. */
function dayAsDate(day: string | null): Date | null {
  return day === null ? null : new Date(`${day}T00:00:00Z`);
}

/**
 * The next arrival to promise: a new-stock date from today on. A past one records stock that already came, so the
 * sheet leaves it out (as the storefront's stock badge does).
 */
export function nextArrivalOf(newStockDate: string | null, today: string): string | null {
  if (!newStockDate) return null;
  const day = newStockDate.slice(0, 10);
  return day >= today ? day : null;
}

const TITLE_DATE = new Intl.DateTimeFormat(DEFAULT_LANGUAGE_CODE, { dateStyle: 'long', timeZone: 'UTC' });

/** Row 1: whose sheet and of when, e.g. "Alpine Boardshop GmbH (customer 10001) · Order sheet of 27 November 2026". */
export function sheetTitle(input: { customerName: string; customerNumber: string; today: string }): string {
  const day = TITLE_DATE.format(new Date(`${input.today}T00:00:00Z`));
  return `${input.customerName} (customer ${input.customerNumber}) · Order sheet of ${day}`;
}

/** Row 2: what the sheet holds, the prices' terms, and what to do with it. */
export function sheetNote(input: { scopeLabel: string; currencyCode: string; isEmpty: boolean }): string {
  const currency = toDisplayCurrency(input.currencyCode);
  const holding = input.isEmpty ? `${input.scopeLabel}: nothing you can order.` : `${input.scopeLabel}.`;
  return (
    `${holding} Your net prices in ${currency}, excluding VAT, and stock as of the download. ` +
    'Enter quantities in the Quantity column, then upload the sheet under Instant Excel in the customer center.'
  );
}

/** `instant-excel-<customer number>-<yyyy-mm-dd>.xlsx`, with anything but letters, digits and dashes dropped. */
export function sheetFileName(customerNumber: string, today: string): string {
  const customer = customerNumber.replace(/[^A-Za-z0-9-]/g, '') || 'customer';
  return `instant-excel-${customer}-${today}.xlsx`;
}
