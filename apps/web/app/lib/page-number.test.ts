import { describe, expect, it } from 'vitest';
import { MAX_LIST_PAGE, readPageNumber } from './page-number.ts';

describe('readPageNumber', () => {
  it('reads a whole page number', () => {
    expect(readPageNumber('1')).toBe(1);
    expect(readPageNumber('2')).toBe(2);
    expect(readPageNumber(String(MAX_LIST_PAGE))).toBe(MAX_LIST_PAGE);
  });

  it('shows page 1 for a missing, malformed or out-of-range value', () => {
    for (const text of [
      null,
      '',
      '0',
      '-1',
      '2abc',
      '1.5',
      '1e3',
      ' 2',
      '+2',
      String(MAX_LIST_PAGE + 1),
      '9'.repeat(20),
    ]) {
      expect(readPageNumber(text), String(text)).toBe(1);
    }
  });

  it('keeps a list to its own last page', () => {
    expect(readPageNumber('500', 500)).toBe(500);
    expect(readPageNumber('501', 500)).toBe(1);
  });
});
