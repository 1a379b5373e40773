/** spec §1 display currencies. Formatting amounts in them is format.ts's (formatMoney). */
/** USD variants (USD, USN, USS: same-day / next-day dollars) are shown as USD. */
const USD_VARIANT = /^US[A-Z]$/;
const DISPLAY_CURRENCY_OVERRIDES: Record<string, string> = { XNOK: 'NOK' };

/** spec §1: display currency maps USD variants to USD and XNOK to NOK; other codes pass through upper-cased. */
export function toDisplayCurrency(code: string): string {
  const upper = code.trim().toUpperCase();
  if (USD_VARIANT.test(upper)) return 'USD';
  return DISPLAY_CURRENCY_OVERRIDES[upper] ?? upper;
}
