import { describe, expect, it } from 'vitest';
import { readListSort, sortedListSearch } from './list-sort.ts';

const FIELDS = ['createdAt', 'total'] as const;
const FALLBACK = { field: 'createdAt', direction: 'desc' } as const;

describe('readListSort', () => {
  it('reads a known field and its direction', () => {
    expect(readListSort(new URLSearchParams('sort=total&dir=desc'), FIELDS, FALLBACK)).toEqual({
      field: 'total',
      direction: 'desc',
    });
    expect(readListSort(new URLSearchParams('sort=total'), FIELDS, FALLBACK)).toEqual({
      field: 'total',
      direction: 'asc',
    });
  });

  it('falls back for a missing or unknown field', () => {
    expect(readListSort(new URLSearchParams(''), FIELDS, FALLBACK)).toEqual(FALLBACK);
    expect(readListSort(new URLSearchParams('sort=password'), FIELDS, FALLBACK)).toEqual(FALLBACK);
  });
});

describe('sortedListSearch', () => {
  it('turns the direction on the current column and starts at page 1', () => {
    const current = new URLSearchParams('state=Placed&sort=total&dir=asc&page=3');
    expect(sortedListSearch(current, { field: 'total', direction: 'asc' }, 'total')).toBe(
      '?state=Placed&sort=total&dir=desc',
    );
  });

  it('sorts another column ascending, keeping the filters', () => {
    const current = new URLSearchParams('state=Placed&sort=total&dir=desc');
    expect(sortedListSearch(current, { field: 'total', direction: 'desc' }, 'createdAt')).toBe(
      '?state=Placed&sort=createdAt&dir=asc',
    );
  });
});
