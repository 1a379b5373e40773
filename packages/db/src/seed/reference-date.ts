/**
 * The seed never reads the clock: every date is relative to this fixed day, so "the last year" of new-stock dates is
 * the same on every run.
 */
export const SEED_REFERENCE_DATE = '2026-11-01';

/** Adds days to a yyyy-mm-dd date (UTC) and returns yyyy-mm-dd. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
