/**
 * The page number of a list's URL (`?p=2` in the customer center, `?page=2` in the back office): one reading for
 * every list, so a hand-edited URL behaves the same everywhere. Anything but a whole number from 1 to the list's
 * last page the API would serve (`2abc`, `0`, `-1`, `1e3`, a number past the end) shows page 1 rather than an error
 * page.
 */

/** The highest page a list's URL may ask for unless the list has a lower limit of its own. */
export const MAX_LIST_PAGE = 100_000;

/** The page `text` asks for (a URL parameter's value or null), or 1. */
export function readPageNumber(text: string | null, max: number = MAX_LIST_PAGE): number {
  if (text === null || !/^\d{1,9}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= max ? page : 1;
}
