import { describe, expect, it } from 'vitest';
import { INSTANT_EXCEL_PATH, instantExcelFavoriteListHref } from '~/lib/customer-center-paths.ts';
import { readSheetError, readSheetScope, sheetScopeQuery } from './sheet-scope.ts';

function read(query: string) {
  return readSheetScope(new URLSearchParams(query));
}

describe('the sheet scope of the download form and the page links', () => {
  it('reads each scope with the id it needs', () => {
    expect(read('scope=purchases')).toEqual({ kind: 'purchases' });
    expect(read('scope=assortment')).toEqual({ kind: 'assortment' });
    expect(read('scope=category&categoryId=skate-decks')).toEqual({ kind: 'category', categoryId: 'skate-decks' });
    expect(read('scope=brand&brand=%20hillside%20')).toEqual({ kind: 'brand', brand: 'hillside' });
    expect(read('scope=favorite-list&listId=4b1c')).toEqual({ kind: 'favorite-list', listId: '4b1c' });
  });

  it('counts only the chosen scope’s field: the form sends every select, without JavaScript too', () => {
    expect(read('scope=brand&categoryId=skate-decks&brand=hillside&listId=')).toEqual({
      kind: 'brand',
      brand: 'hillside',
    });
    expect(read('scope=purchases&categoryId=skate-decks')).toEqual({ kind: 'purchases' });
  });

  it('is no scope without the id it needs, with an unknown kind, or with an id no catalogue has', () => {
    expect(read('')).toBeNull();
    expect(read('scope=category')).toBeNull();
    expect(read('scope=brand&brand=%20')).toBeNull();
    expect(read('scope=favourites&listId=4b1c')).toBeNull();
    expect(read(`scope=category&categoryId=${'x'.repeat(101)}`)).toBeNull();
  });

  it('reads a posted form as a query string', () => {
    const form = new FormData();
    form.set('scope', 'category');
    form.set('categoryId', 'snow-boards');
    expect(readSheetScope(form)).toEqual({ kind: 'category', categoryId: 'snow-boards' });
  });

  it('writes a scope back as the query that names it', () => {
    for (const query of ['scope=purchases', 'scope=category&categoryId=snow-boards', 'scope=brand&brand=a%26b']) {
      const scope = read(query);
      expect(scope).not.toBeNull();
      if (scope) expect(sheetScopeQuery(scope).toString()).toBe(query);
    }
  });

  it('preselects the favourite list of the list page’s link', () => {
    const href = instantExcelFavoriteListHref('0d6f1b7e-3c1a-4f7e-9a51-2b0c7d9e8f10');
    const url = new URL(href, 'http://shop.invalid');
    expect(url.pathname).toBe(INSTANT_EXCEL_PATH);
    expect(readSheetScope(url.searchParams)).toEqual({
      kind: 'favorite-list',
      listId: '0d6f1b7e-3c1a-4f7e-9a51-2b0c7d9e8f10',
    });
  });

  it('knows the reasons a download sends the buyer back with, and nothing else', () => {
    expect(readSheetError('scope')).toBe('scope');
    expect(readSheetError('not-found')).toBe('not-found');
    expect(readSheetError('<script>')).toBeNull();
    expect(readSheetError(null)).toBeNull();
  });
});
