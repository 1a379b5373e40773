import { Link } from 'react-router';
import { CategoryChips } from './category-chips.tsx';
import type { ProductListingData } from './product-listing-data.ts';
import { toSearchHref, withText } from './search-params.ts';

/**
 * What a listing says when nothing matches (issue 11 §2): "Did you mean …" with the corrected text, the categories
 * nearest to the words, and what else to try.
 */
export function EmptyResults({ data, hasFilters }: { data: ProductListingData; hasFilters: boolean }) {
  const { state, pathname, didYouMean, nearestCategories } = data;
  return (
    <div className="rounded border border-dashed border-neutral-300 p-6 sm:p-8">
      <p className="font-medium">{state.q ? `No products match “${state.q}”.` : 'No products match your search.'}</p>
      {didYouMean ? (
        <p className="mt-3 text-lg">
          Did you mean{' '}
          <Link
            to={toSearchHref(pathname, withText(state, didYouMean))}
            className="font-semibold text-accent-800 underline"
          >
            {didYouMean}
          </Link>
          ?
        </p>
      ) : null}
      {nearestCategories.length > 0 ? (
        <nav aria-labelledby="nearest-categories-heading" className="mt-4">
          <h3 id="nearest-categories-heading" className="text-sm font-semibold">
            Categories you may be looking for
          </h3>
          <div className="mt-2">
            <CategoryChips categories={nearestCategories} />
          </div>
        </nav>
      ) : null}
      <ul className="mt-4 list-disc pl-5 text-sm text-neutral-700">
        <li>Check the spelling, or try a more general word (“helmet” rather than a model name).</li>
        <li>Search by item number or brand.</li>
        {hasFilters ? <li>Remove a filter above, or clear them all.</li> : null}
      </ul>
    </div>
  );
}
