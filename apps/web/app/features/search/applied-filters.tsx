import { Link } from 'react-router';
import { CloseIcon } from '~/components/ui/close-icon.tsx';
import { type FacetView, facetOptionLabel } from './product-listing-data.ts';
import { type FilterChip, filterChips, type SearchState, toSearchHref } from './search-params.ts';

/** The label the API gives a checkbox value (a brand id's name), for the chip. */
function optionLabel(facets: readonly FacetView[], field: string, value: string): string | undefined {
  const option = facets.find((facet) => facet.field === field)?.options.find((candidate) => candidate.value === value);
  return option && facetOptionLabel(option);
}

export function appliedFilterChips(state: SearchState, facets: readonly FacetView[]): FilterChip[] {
  return filterChips(state, (field, value) => optionLabel(facets, field, value));
}

/**
 * The applied filters above the results (issue 11 §2): each a link to the listing without it, named "Remove filter
 * Brand: BB", and "Clear all", which empties the checkbox selections and keeps the sliders (spec §4).
 */
export function AppliedFilters({
  chips,
  pathname,
  clearAllHref,
}: {
  chips: readonly FilterChip[];
  pathname: string;
  /** Null when no checkbox value is selected (Clear all would change nothing). */
  clearAllHref: string | null;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <h3 className="sr-only">Applied filters</h3>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={`${chip.facetName}:${chip.valueLabel}`}>
            <Link
              to={toSearchHref(pathname, chip.without)}
              preventScrollReset
              aria-label={`Remove filter ${chip.facetName}: ${chip.valueLabel}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 bg-white py-1 pr-2 pl-3 text-sm text-neutral-900 hover:border-neutral-500 hover:bg-neutral-50"
            >
              <span>
                {chip.facetName}: {chip.valueLabel}
              </span>
              <CloseIcon className="size-4 text-neutral-600" />
            </Link>
          </li>
        ))}
      </ul>
      {clearAllHref ? (
        <Link
          to={clearAllHref}
          preventScrollReset
          className="px-1 text-sm font-medium text-accent-800 underline hover:text-accent-900"
        >
          Clear all
        </Link>
      ) : null}
    </div>
  );
}
