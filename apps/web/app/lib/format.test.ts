import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMoney, formatTime } from './format.ts';

describe('formatMoney (spec §1: en-GB, display currency)', () => {
  it('formats in en-GB with the display currency', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'USN')).toBe('US$1,234.50');
    expect(formatMoney(99, 'XNOK').replace(/\s/g, ' ')).toBe('NOK 99.00'); // Intl puts a no-break space here
    expect(formatMoney(0, 'USD')).toBe('US$0.00');
  });

  it('does not throw for a code Intl does not know, also when asked again', () => {
    expect(formatMoney(5, 'ZZZZ')).toBe('ZZZZ 5.00');
    expect(formatMoney(1234.5, 'ZZZZ')).toBe('ZZZZ 1,234.50');
  });
});

describe('dates of records, in UTC', () => {
  it('formatDate shows the UTC day of a timestamp, a Date or a date-only string', () => {
    expect(formatDate('2025-03-03T23:30:00Z')).toBe('3 Mar 2025');
    expect(formatDate('2025-03-03T23:30:00-05:00')).toBe('4 Mar 2025');
    expect(formatDate(new Date(Date.UTC(2025, 8, 3)))).toBe('3 Sept 2025');
    expect(formatDate('2025-03-03')).toBe('3 Mar 2025');
  });

  it('formatDateTime shows the day and the UTC time of day', () => {
    expect(formatDateTime('2025-03-03T14:05:09Z')).toBe('3 March 2025 at 14:05');
    expect(formatDateTime(new Date(Date.UTC(2025, 11, 31, 23, 59)))).toBe('31 December 2025 at 23:59');
  });
});

describe('formatTime', () => {
  it("shows the viewer's clock, 24-hour with seconds", () => {
    expect(formatTime(new Date(2025, 2, 3, 9, 5, 7))).toBe('09:05:07');
    expect(formatTime(new Date(2025, 2, 3, 0, 0, 0))).toBe('00:00:00');
    expect(formatTime(new Date(2025, 2, 3, 23, 59, 59))).toBe('23:59:59');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(100_000)).toBe('100,000');
  });
});
