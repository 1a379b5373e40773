/**
 * The query strings of the favourite list pages (issue 26 §1). Lists page: `q` (a list's name) and `p` (page, written
 * from page 2 on); the storefront asks for FAVORITE_LISTS_FETCHED lists a page, most recently touched first (spec §4,
 * §9: offset 0, size 15, touched time descending), so later pages reach every list. List page: `sort` (name, item
 * number, or most recently added first, the default). Values a hand-edited URL spoils fall back to the defaults.
 */
import { FAVORITE_LISTS_FETCHED, MAX_FAVORITE_LIST_NAME_LENGTH } from '@b2b/contract/constants';
import { FAVORITE_LISTS_PATH } from '~/lib/customer-center-paths.ts';
import { readPageNumber } from '~/lib/page-number.ts';

export type FavoriteListsParams = { search: string; page: number };

export function parseFavoriteListsParams(searchParams: URLSearchParams): FavoriteListsParams {
  const search = (searchParams.get('q') ?? '').trim().slice(0, MAX_FAVORITE_LIST_NAME_LENGTH);
  return { search, page: readPageNumber(searchParams.get('p'), 10_000) };
}

/** The lists page's address for these parameters (`p` only after page 1). */
export function favoriteListsHref(params: FavoriteListsParams): string {
  const query = new URLSearchParams();
  if (params.search) query.set('q', params.search);
  if (params.page > 1) query.set('p', String(params.page));
  const text = query.toString();
  return text ? `${FAVORITE_LISTS_PATH}?${text}` : FAVORITE_LISTS_PATH;
}

/** The skip of a page of lists (spec §4 Search: skip = (page − 1) × page size). */
export function favoriteListsSkip(page: number): number {
  return (page - 1) * FAVORITE_LISTS_FETCHED;
}

export const FAVORITE_LINE_SORTS = ['added', 'name', 'item'] as const;
export type FavoriteLineSort = (typeof FAVORITE_LINE_SORTS)[number];

export const FAVORITE_LINE_SORT_LABELS: Record<FavoriteLineSort, string> = {
  added: 'Recently added',
  name: 'Name A-Z',
  item: 'Item number',
};

export function parseFavoriteLineSort(searchParams: URLSearchParams): FavoriteLineSort {
  const value = searchParams.get('sort');
  return (FAVORITE_LINE_SORTS as readonly string[]).includes(value ?? '') ? (value as FavoriteLineSort) : 'added';
}
