import { Link, useLocation } from 'react-router';
import { type ListSort, sortedListSearch } from './list-sort.ts';

/**
 * A column header of a back-office table that sorts by its column: a link (keyboard and screen readers reach it as
 * any link), `aria-sort` on the current column, the direction shown by an arrow.
 */
export function SortableHeader({
  field,
  label,
  sort,
  className = '',
}: {
  field: string;
  label: string;
  sort: ListSort;
  className?: string;
}) {
  const location = useLocation();
  const isCurrent = sort.field === field;
  const ariaSort = isCurrent ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={`px-3 py-2 font-semibold ${className}`}>
      <Link
        to={sortedListSearch(new URLSearchParams(location.search), sort, field)}
        className="inline-flex items-center gap-1 rounded hover:underline"
        preventScrollReset
      >
        {label}
        <span aria-hidden="true" className="w-3 text-xs text-neutral-600">
          {isCurrent ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
        </span>
      </Link>
    </th>
  );
}
