/** spec §4 "Favorite lists" as a table: the rules the API enforces and the storefront shows. */
import { describe, expect, it } from 'vitest';
import {
  activeFavoriteListOf,
  collapseFavoriteProducts,
  favoriteListNameKey,
  hasFavoriteProduct,
  nextFavoriteListName,
  orderFavoriteListsActiveFirst,
  toggleFavoriteProduct,
} from './favorite-list-rules.ts';

describe('nextFavoriteListName (spec §4: "Favorite list", then the list count in parentheses)', () => {
  it.each([
    { existing: [], expected: 'Favorite list' },
    { existing: ['Favorite list'], expected: 'Favorite list (2)' },
    { existing: ['Favorite list', 'Favorite list (2)'], expected: 'Favorite list (3)' },
    { existing: ['Summer'], expected: 'Favorite list (2)' },
    // A list renamed or deleted: the count's name is taken, so the next free number.
    { existing: ['Favorite list', 'favorite LIST (3)', 'Winter'], expected: 'Favorite list (4)' },
    { existing: ['Favorite list (2)', 'Favorite list (3)'], expected: 'Favorite list (4)' },
  ])('$existing → $expected', ({ existing, expected }) => {
    expect(nextFavoriteListName(existing)).toBe(expected);
  });
});

describe('favoriteListNameKey (names unique regardless of case and surrounding spaces)', () => {
  it.each([
    ['Summer', 'summer'],
    ['  Summer  ', 'summer'],
    ['SUMMER 2027', 'summer 2027'],
  ])('%j → %j', (name, key) => {
    expect(favoriteListNameKey(name)).toBe(key);
  });
});

describe('toggleFavoriteProduct (spec §4: adding or removing toggles presence)', () => {
  const deck = { productId: '100001', variantId: null, unitOfMeasure: 'STK' };
  const navyM = { productId: '100078', variantId: '100078-M-NAVY', unitOfMeasure: 'STK' };
  const navyL = { productId: '100078', variantId: '100078-L-NAVY', unitOfMeasure: 'STK' };

  it.each([
    { name: 'adds to an empty list', before: [], key: deck, after: [deck], isAdded: true },
    { name: 'adds at the end', before: [deck], key: navyM, after: [deck, navyM], isAdded: true },
    { name: 'removes a present product', before: [deck, navyM], key: navyM, after: [deck], isAdded: false },
    { name: 'another variant is another product', before: [navyM], key: navyL, after: [navyM, navyL], isAdded: true },
    { name: 'removes every copy', before: [deck, deck], key: deck, after: [], isAdded: false },
    {
      name: 'a missing unit means STK',
      before: [deck],
      key: { productId: '100001', variantId: undefined, unitOfMeasure: undefined },
      after: [],
      isAdded: false,
    },
  ])('$name', ({ before, key, after, isAdded }) => {
    expect(toggleFavoriteProduct(before, key)).toEqual({ products: after, isAdded });
    expect(hasFavoriteProduct(after, key)).toBe(isAdded);
  });
});

describe('collapseFavoriteProducts (a product twice is one product)', () => {
  it('keeps the first of each key, in order', () => {
    const a = { productId: 'A', variantId: null, unitOfMeasure: 'STK' };
    const b = { productId: 'B', variantId: 'B-1' };
    const aAgain = { productId: 'A' };
    expect(collapseFavoriteProducts([a, b, aAgain, b])).toEqual([a, b]);
  });
});

describe('orderFavoriteListsActiveFirst (spec §4: the first list is active; set active moves it to the front)', () => {
  const summer = { listId: 'a', touchedAt: '2026-11-01T10:00:00.000Z' };
  const winter = { listId: 'b', touchedAt: '2026-11-02T10:00:00.000Z' };
  const basics = { listId: 'c', touchedAt: '2026-11-02T10:00:00.000Z' };

  it.each([
    { name: 'no lists, no active one', lists: [], order: [], active: null },
    { name: 'most recently touched first', lists: [summer, winter], order: ['b', 'a'], active: 'b' },
    { name: 'touched at once: by id', lists: [basics, summer, winter], order: ['b', 'c', 'a'], active: 'b' },
    {
      name: 'setting summer active (touching it) moves it to the front',
      lists: [{ ...summer, touchedAt: new Date('2026-11-03T00:00:00.000Z') }, winter],
      order: ['a', 'b'],
      active: 'a',
    },
  ])('$name', ({ lists, order, active }) => {
    expect(orderFavoriteListsActiveFirst(lists).map((list) => list.listId)).toEqual(order);
    expect(activeFavoriteListOf(lists)?.listId ?? null).toBe(active);
  });
});
