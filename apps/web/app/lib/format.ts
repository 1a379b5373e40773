/**
 * The one place where the storefront turns money, dates and counts into text: in the shop's language (spec §1:
 * en-GB), with each Intl formatter built once. Dates of records (orders, stock arrivals) are shown in UTC, so the
 * server's render and the browser's hydration print the same text and a day never shifts with the viewer's time
 * zone; pages say "(UTC)" where the time of day shows. Browser-safe: nothing here but Intl and contract constants.
 */
import { DEFAULT_LANGUAGE_CODE, UNIT_OF_MEASURE_LABELS } from '@b2b/contract/constants';
import { toDisplayCurrency } from './currency.ts';

const moneyFormatters = new Map<string, Intl.NumberFormat | null>();

/** The currency formatter, or null for a code Intl does not know (remembered too: the check throws, which is slow). */
function getMoneyFormatter(currency: string): Intl.NumberFormat | null {
  let formatter = moneyFormatters.get(currency);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(DEFAULT_LANGUAGE_CODE, { style: 'currency', currency });
    } catch {
      formatter = null;
    }
    moneyFormatters.set(currency, formatter);
  }
  return formatter;
}

const PLAIN_AMOUNT = new Intl.NumberFormat(DEFAULT_LANGUAGE_CODE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A major-unit amount in the display currency of `currencyCode` (spec §1), e.g. "€1,234.50". */
export function formatMoney(amount: number, currencyCode: string): string {
  const currency = toDisplayCurrency(currencyCode);
  const formatter = getMoneyFormatter(currency);
  if (formatter) return formatter.format(amount);
  // Not an ISO 4217 code Intl knows: show the number with the code rather than failing the page.
  return `${currency} ${PLAIN_AMOUNT.format(amount)}`;
}

/** A unit of measure as English readers know it: STK → "pcs" (the data keeps the code). */
export function formatUnitOfMeasure(code: string): string {
  return UNIT_OF_MEASURE_LABELS[code] ?? code;
}

const DATE = new Intl.DateTimeFormat(DEFAULT_LANGUAGE_CODE, { dateStyle: 'medium', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat(DEFAULT_LANGUAGE_CODE, {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const TIME_OF_DAY = new Intl.DateTimeFormat(DEFAULT_LANGUAGE_CODE, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const COUNT = new Intl.NumberFormat(DEFAULT_LANGUAGE_CODE);

/** A day in UTC, e.g. "3 Mar 2025". Takes a Date or an ISO string (a date-only "2025-03-03" is that day in UTC). */
export function formatDate(value: Date | string): string {
  return DATE.format(typeof value === 'string' ? new Date(value) : value);
}

/** A moment in UTC, e.g. "3 March 2025 at 14:05"; the page says it is UTC. */
export function formatDateTime(value: Date | string): string {
  return DATE_TIME.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * The time of day on the viewer's clock, 24-hour, e.g. "14:05:09": for what just happened in this browser (when an
 * error toast appeared), so it matches the clock the viewer sees. Not for records: those use UTC.
 */
export function formatTime(value: Date): string {
  return TIME_OF_DAY.format(value);
}

/** A whole number with thousands separators, e.g. "1,234". */
export function formatCount(count: number): string {
  return COUNT.format(count);
}
