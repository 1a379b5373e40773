/**
 * Sorting of the back office's tables, kept in the URL (`?sort=createdAt&dir=desc`) like every filter, so a view
 * can be linked, reloaded and gone back to. Browser-safe.
 */
export type SortDirection = 'asc' | 'desc';
export type ListSort<F extends string = string> = { field: F; direction: SortDirection };

/** The sorting the URL asks for, when it names one of `fields`; else `fallback`. */
export function readListSort<F extends string>(
  params: URLSearchParams,
  fields: readonly F[],
  fallback: ListSort<F>,
): ListSort<F> {
  const field = params.get('sort');
  if (!field || !(fields as readonly string[]).includes(field)) return fallback;
  return { field: field as F, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' };
}

/** The query of the same view sorted by `field`: a second press on the current column turns the direction. */
export function sortedListSearch(current: URLSearchParams, sort: ListSort, field: string): string {
  const next = new URLSearchParams(current);
  const direction: SortDirection = sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc';
  next.set('sort', field);
  next.set('dir', direction);
  // Another order starts at the first page.
  next.delete('page');
  return `?${next.toString()}`;
}
