export type PaginationItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The numbered links of a pager: always the first and last page, the current page with `siblings` pages either
 * side, and a gap where pages are left out (a gap of exactly one page shows that page instead). Short lists show
 * every page.
 */
export function getPaginationItems(currentPage: number, pageCount: number, siblings = 1): PaginationItem[] {
  if (pageCount <= 1) return pageCount === 1 ? [{ type: 'page', page: 1 }] : [];
  const current = Math.min(Math.max(1, currentPage), pageCount);
  // short lists: every page fits in the room the first, last, siblings and two gaps would take anyway
  if (pageCount <= 2 * siblings + 5) {
    return Array.from({ length: pageCount }, (_, index) => ({ type: 'page', page: index + 1 }));
  }
  const pages = new Set<number>([1, pageCount]);
  for (let page = current - siblings; page <= current + siblings; page += 1) {
    if (page >= 1 && page <= pageCount) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ type: 'page', page: page - 1 });
    else if (page - previous > 2) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page });
    previous = page;
  }
  return items;
}
