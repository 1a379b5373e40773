import { describe, expect, it } from 'vitest';
import { type FavoriteLineView, planFavoriteCartLines, sortFavoriteLines } from './favorite-lines.ts';
import {
  favoriteListsHref,
  favoriteListsSkip,
  parseFavoriteLineSort,
  parseFavoriteListsParams,
} from './favorite-list-params.ts';

function line(overrides: Partial<FavoriteLineView> & Pick<FavoriteLineView, 'key'>): FavoriteLineView {
  return {
    productId: overrides.key,
    variantId: null,
    unitOfMeasure: 'STK',
    itemNumber: overrides.key,
    name: overrides.key,
    variantLabel: null,
    url: null,
    image: null,
    price: null,
    stockLevel: 100,
    newStockDate: null,
    maxLineQuantity: 200,
    position: 0,
    status: 'orderable',
    ...overrides,
  };
}

const helmet = line({ key: 'H', name: 'Helmet', itemNumber: '10003-02', position: 0, stockLevel: 3 });
const board = line({ key: 'B', name: 'board', itemNumber: '10010', position: 1, stockLevel: 0 });
const jacket = line({ key: 'J', name: 'Jacket', itemNumber: '10002-01', position: 2, status: 'needs-variant' });
const gone = line({ key: 'G', name: 'Gloves', itemNumber: '10001', position: 3, status: 'unavailable' });

describe('favourite list lines (issue 26 §1)', () => {
  it('sorts by name A-Z, by item number, and latest added first', () => {
    const lines = [helmet, board, jacket, gone];
    expect(sortFavoriteLines(lines, 'name').map((each) => each.name)).toEqual(['board', 'Gloves', 'Helmet', 'Jacket']);
    expect(sortFavoriteLines(lines, 'item').map((each) => each.itemNumber)).toEqual([
      '10001',
      '10002-01',
      '10003-02',
      '10010',
    ]);
    expect(sortFavoriteLines(lines, 'added').map((each) => each.key)).toEqual(['G', 'J', 'B', 'H']);
  });

  it('adds every orderable line with its quantity (1 when none came) and says which are backordered', () => {
    const plan = planFavoriteCartLines([helmet, board, jacket, gone], { H: '5' }, null);
    expect(plan.lines).toEqual([
      { productId: 'H', variantId: null, unitOfMeasure: 'STK', quantity: 5 },
      { productId: 'B', variantId: null, unitOfMeasure: 'STK', quantity: 1 },
    ]);
    expect(plan.notes).toEqual([
      { key: 'H', kind: 'backorder', message: '3 in stock: 2 of 5 are added as backorder and ship when they arrive.' },
      {
        key: 'B',
        kind: 'backorder',
        message: 'None in stock: all 1 are added as backorder and ship when they arrive.',
      },
    ]);
  });

  it('adds only the selected lines, names a chosen line the cart cannot take and a bad quantity', () => {
    const plan = planFavoriteCartLines([helmet, board, jacket, gone], { H: '2', B: '1.5' }, new Set(['H', 'B', 'J']));
    expect(plan.lines).toEqual([{ productId: 'H', variantId: null, unitOfMeasure: 'STK', quantity: 2 }]);
    expect(plan.notes).toEqual([
      { key: 'B', kind: 'error', message: 'Enter a whole number' },
      { key: 'J', kind: 'error', message: 'Choose a variant on its page first.' },
    ]);
    expect(planFavoriteCartLines([helmet], { H: '201' }, null).notes).toEqual([
      { key: 'H', kind: 'error', message: 'At most 200 per line' },
    ]);
    expect(planFavoriteCartLines([helmet], { H: '0' }, null).lines).toEqual([]);
    expect(planFavoriteCartLines([helmet], { H: ' ' }, null).lines).toEqual([]);
  });
});

describe('favourite list addresses (spec §4, §9)', () => {
  it('pages lists 15 at a time and keeps the search', () => {
    expect(favoriteListsSkip(1)).toBe(0);
    expect(favoriteListsSkip(3)).toBe(30);
    expect(parseFavoriteListsParams(new URLSearchParams('q=%20Summer%20&p=2'))).toEqual({ search: 'Summer', page: 2 });
    expect(parseFavoriteListsParams(new URLSearchParams('p=-1'))).toEqual({ search: '', page: 1 });
    expect(favoriteListsHref({ search: 'Summer', page: 2 })).toBe('/customer-center/favorite-list?q=Summer&p=2');
    expect(favoriteListsHref({ search: '', page: 1 })).toBe('/customer-center/favorite-list');
  });

  it('sorts lines by the latest added unless name or item number is asked for', () => {
    expect(parseFavoriteLineSort(new URLSearchParams('sort=name'))).toBe('name');
    expect(parseFavoriteLineSort(new URLSearchParams('sort=price'))).toBe('added');
    expect(parseFavoriteLineSort(new URLSearchParams(''))).toBe('added');
  });
});
