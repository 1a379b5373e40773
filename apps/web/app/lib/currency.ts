import { DEFAULT_LANGUAGE_CODE } from '@b2b/contract/constants';

/** USD variants (USD, USN, USS: same-day / next-day dollars) are shown as USD. */
const USD_VARIANT = /^US[A-Z]$/;
const DISPLAY_CURRENCY_OVERRIDES: Record<string, string> = { XNOK: 'NOK' };

/** spec §1: display currency maps USD variants to USD and XNOK to NOK; other codes pass through upper-cased. */
export function toDisplayCurrency(code: string): string {
  const upper = code.trim().toUpperCase();
  if (USD_VARIANT.test(upper)) return 'USD';
  return DISPLAY_CURRENCY_OVERRIDES[upper] ?? upper;
}

const formatters = new Map<string, Intl.NumberFormat>();

function getFormatter(currency: string): Intl.NumberFormat | null {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(DEFAULT_LANGUAGE_CODE, { style: 'currency', currency });
    } catch {
      return null;
    }
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Formats a major-unit amount in the en-GB locale (spec §1) using the display currency of `currencyCode`. */
export function formatMoney(amount: number, currencyCode: string): string {
  const currency = toDisplayCurrency(currencyCode);
  const formatter = getFormatter(currency);
  if (formatter) return formatter.format(amount);
  // Not an ISO 4217 code Intl knows: show the number with the code rather than failing the page.
  return `${currency} ${new Intl.NumberFormat(DEFAULT_LANGUAGE_CODE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}
