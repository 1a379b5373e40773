/** Dates as whole days since 1970-01-01 (UTC): how the index stores and compares `newStockDate`. */

const MILLISECONDS_PER_DAY = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch for a yyyy-mm-dd date; null when the text is not a real calendar date. */
export function toEpochDay(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const parsed = new Date(time);
  // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip.
  if (parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day)
    return null;
  return time / MILLISECONDS_PER_DAY;
}

/** The yyyy-mm-dd date of a day number. */
export function fromEpochDay(day: number): string {
  return new Date(day * MILLISECONDS_PER_DAY).toISOString().slice(0, 10);
}
