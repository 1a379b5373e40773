import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';
import { getPaginationItems } from './pagination-items.ts';

const LINK_CLASSES =
  'inline-flex min-w-10 items-center justify-center rounded border border-neutral-300 px-3 py-2 text-sm hover:bg-neutral-100';

/**
 * A pager of plain links (works without JavaScript): "Previous page", numbered pages ("Page N", the current one
 * with aria-current="page"), "Next page". Previous/next are left out as links on the first/last page.
 */
export function Pagination({
  currentPage,
  pageCount,
  hrefForPage,
  label = 'Pagination',
  onNavigate,
}: {
  currentPage: number;
  pageCount: number;
  hrefForPage: (page: number) => string;
  label?: string;
  /** Called when one of the links is followed (e.g. to move focus once the new page is shown). */
  onNavigate?: () => void;
}) {
  if (pageCount <= 1) return null;
  const items = getPaginationItems(currentPage, pageCount);
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {currentPage > 1 ? (
            <Link to={hrefForPage(currentPage - 1)} rel="prev" onClick={onNavigate} className={LINK_CLASSES}>
              <span aria-hidden="true">‹&nbsp;</span>Previous page
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(LINK_CLASSES, 'cursor-not-allowed text-neutral-400')}>
              <span aria-hidden="true">‹&nbsp;</span>Previous page
            </span>
          )}
        </li>
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-neutral-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={hrefForPage(item.page)}
                onClick={onNavigate}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === currentPage ? 'page' : undefined}
                className={cn(
                  LINK_CLASSES,
                  item.page === currentPage && 'border-neutral-900 bg-neutral-900 text-white hover:bg-neutral-800',
                )}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {currentPage < pageCount ? (
            <Link to={hrefForPage(currentPage + 1)} rel="next" onClick={onNavigate} className={LINK_CLASSES}>
              Next page<span aria-hidden="true">&nbsp;›</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(LINK_CLASSES, 'cursor-not-allowed text-neutral-400')}>
              Next page<span aria-hidden="true">&nbsp;›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
