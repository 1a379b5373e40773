import { MAX_SEARCH_TEXT_LENGTH, SORTING_OPTIONS } from '@b2b/contract/constants';
import { Fragment, memo, type ReactNode, useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { BannerCarousel } from '~/components/campaign/banner-carousel.tsx';
import { CampaignBannerView } from '~/components/campaign/campaign-banner-view.tsx';
import { FavoriteToggleHostForm } from '~/components/favorite/favorite-toggle.tsx';
import { ProductCard } from '~/components/product/product-card.tsx';
import { BeforeHydration } from '~/components/ui/after-hydration.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { cn } from '~/lib/cn.ts';
import { formatCount } from '~/lib/format.ts';
import { useDeviceInfo } from '~/lib/use-device-info.ts';
import { usePendingState } from '~/lib/use-pending-state.ts';
import { AppliedFilters, appliedFilterChips } from './applied-filters.tsx';
import { EmptyResults } from './empty-results.tsx';
import { CheckboxFacet, RangeFacet } from './facet-fields.tsx';
import { FilterDrawer, FiltersLabel } from './filter-drawer.tsx';
import { FILTERS_TARGET_ID, RESULTS_TARGET_ID } from './listing-skip-links.ts';
import type { ProductListingData } from './product-listing-data.ts';
import { cleared, toSearchHref, withPage } from './search-params.ts';
import { useFilterForm } from './use-filter-form.ts';
import { useSyncedState } from './use-synced-state.ts';

/** The filter form's id; controls outside it (text search, sort order) join it through their `form` attribute. */
const FILTER_FORM_ID = 'product-filters';

/**
 * How wide a card's image is shown in the results' grid below: two columns, then the 16 rem filter column beside them
 * from `md`, three columns from `lg`, four from `xl` (the main's 80 rem); less the gaps and the card's padding.
 */
const LISTING_CARD_IMAGE_SIZES =
  '(min-width: 80rem) 12.75rem, (min-width: 64rem) calc(33.4vw - 8.8rem), (min-width: 48rem) calc(50vw - 12rem), calc(50vw - 2.75rem)';

export function formatProductCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;
}

/**
 * The cards of the results. Kept apart (memo) so that what renders the listing's toolbar and filters again right after
 * hydration, the page's busiest moment (the phone's filters moving into their drawer), leaves the cards alone (issue
 * 12).
 */
const LISTING_FAVORITE_FORM_ID = 'listing-favorite-toggle';

/** A pod banner (productPodBanners) follows this many cards, then one after every POD_EVERY more. */
const FIRST_POD_AFTER = 6;
const POD_EVERY = 12;

/** The pod banner after the card at `index` on page `page`, if one goes there: the pods take turns across pages. */
function podAfter(pods: ProductListingData['banners']['pods'], index: number, page: number) {
  const position = index + 1 - FIRST_POD_AFTER;
  if (pods.length === 0 || position < 0 || position % POD_EVERY !== 0) return undefined;
  return pods[(position / POD_EVERY + (page - 1)) % pods.length];
}

const ResultsGrid = memo(function ResultsGrid({
  products,
  favorites,
  pods,
  page,
}: {
  products: ProductListingData['products'];
  favorites: ProductListingData['favorites'];
  pods: ProductListingData['banners']['pods'];
  page: number;
}) {
  return (
    <>
      {/* one form for the cards' hearts without JavaScript, not one a card: 24 hidden forms were ≈ 14 kB of the page */}
      {favorites ? <FavoriteToggleHostForm id={LISTING_FAVORITE_FORM_ID} /> : null}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((product, index) => {
          const pod = index < products.length - 1 ? podAfter(pods, index, page) : undefined;
          return (
            <Fragment key={product.id}>
              <li className="min-w-0">
                {/* the first row of a phone (two columns) is the Largest Contentful Paint: fetched at once, with high
          priority (issue 12); the rest, a desktop's first row too, as they come into view after layout, so they do
          not compete with those and the scripts */}
                <ProductCard
                  product={product}
                  imageSizes={LISTING_CARD_IMAGE_SIZES}
                  imageLoading={index < 2 ? 'eager' : 'lazy'}
                  favorites={favorites}
                  favoriteFormId={LISTING_FAVORITE_FORM_ID}
                />
              </li>
              {pod ? (
                <li className="min-w-0" data-testid="pod-banner">
                  <CampaignBannerView banner={pod} compact />
                </li>
              ) : null}
            </Fragment>
          );
        })}
      </ul>
    </>
  );
});

/**
 * A product listing with facets, free text, sorting and paging (spec §2 listing pages, §4 Search), used by
 * /search and by category pages. Everything is a GET form or a link, so it works without JavaScript; with
 * JavaScript, checkboxes and the sort order apply at once. Applied filters show as removable chips above the
 * results; below 768 px the filters open in a drawer, so the first products are on the first screen.
 */
export function ProductListing({
  data,
  heading,
  beforeResults,
  afterResults,
}: {
  data: ProductListingData;
  heading: ReactNode;
  beforeResults?: ReactNode;
  /** Under the results and their pager (the deal pages' footer text). */
  afterResults?: ReactNode;
}) {
  const { state, pathname, facets, products, itemsTotal, pageCount } = data;
  // On a phone the filters move into a drawer (issue 11 §3).
  const { isPhone } = useDeviceInfo();
  const navigation = useNavigation();
  const { formRef, onSubmit, submitNow } = useFilterForm(state, pathname);
  const [text, setText] = useSyncedState(state.q);
  const [sorting, setSorting] = useSyncedState(state.sorting.queryValue);
  // the results dim while the next ones load, once that has taken 100 ms (spec §9): a quick change does not flash
  const isLoading = usePendingState(navigation.state === 'loading' && navigation.location.pathname === pathname);
  const chips = appliedFilterChips(state, facets);
  const hasCheckboxSelections = state.facets.some((facet) => facet.type !== 'Slider');
  const clearAllHref = hasCheckboxSelections ? toSearchHref(pathname, cleared(state)) : null;
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const shouldFocusResultsRef = useRef(false);

  // After paging, the view starts at the top again: move keyboard focus to the results too, instead of leaving it
  // on the pager at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes, on purpose
  useEffect(() => {
    if (!shouldFocusResultsRef.current) return;
    shouldFocusResultsRef.current = false;
    resultsHeadingRef.current?.focus({ preventScroll: true });
  }, [state.page]);

  const filterForm = (
    <form
      id={FILTER_FORM_ID}
      ref={formRef}
      method="get"
      action={pathname}
      onSubmit={onSubmit}
      // invalid numbers are ignored by the parser; the browser must not block the other filters because of one
      noValidate
      className="mt-3 flex flex-col gap-4"
    >
      {facets.length === 0 ? <p className="text-sm text-neutral-600">No filters available.</p> : null}
      {facets.map((facet) =>
        facet.type === 'Slider' ? (
          <RangeFacet key={facet.field} facet={facet} />
        ) : (
          <CheckboxFacet key={facet.field} facet={facet} onChange={submitNow} />
        ),
      )}
      <BeforeHydration>
        {/* without JavaScript the checkboxes need a button; with it they apply on change */}
        <Button type="submit" severity="primary">
          Apply filters
        </Button>
      </BeforeHydration>
    </form>
  );

  return (
    <div>
      {heading}
      <BannerCarousel banners={data.banners.top} label="Offers" />
      {/* The second row takes what the filters' column needs beyond the toolbar: a half-parsed page (no results yet)
          stretched the toolbar's row, and the results then appeared lower than they end up (a layout shift). */}
      <div className="mt-3 grid gap-4 md:mt-4 md:grid-cols-[16rem_minmax(0,1fr)] md:grid-rows-[auto_1fr] md:gap-8">
        <div className="flex min-w-0 flex-col gap-3 md:col-start-2 md:row-start-1 md:gap-4">
          <search aria-label="Product search" className="flex gap-2">
            <input
              type="search"
              name="q"
              form={FILTER_FORM_ID}
              aria-label="Search text"
              placeholder="Search products"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={MAX_SEARCH_TEXT_LENGTH}
              className="min-w-0 flex-1 rounded border border-neutral-300 px-3 py-2"
            />
            <Button type="submit" form={FILTER_FORM_ID} severity="primary">
              Find
            </Button>
          </search>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <p role="status" aria-live="polite" aria-atomic="true" data-testid="result-count" className="font-medium">
              {formatProductCount(itemsTotal)}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {isPhone ? (
                <FilterDrawer
                  buttonId={FILTERS_TARGET_ID}
                  filterCount={chips.length}
                  itemsTotal={itemsTotal}
                  formId={FILTER_FORM_ID}
                  clearAllHref={clearAllHref}
                >
                  {filterForm}
                </FilterDrawer>
              ) : (
                // without JavaScript a phone shows the filters after the results: this jumps there
                <a href={`#${FILTERS_TARGET_ID}`} className={buttonClassName('secondary', 'px-3 py-1.5 md:hidden')}>
                  <FiltersLabel filterCount={chips.length} />
                </a>
              )}
              <label htmlFor="sort-by" className="text-sm">
                Sort by
              </label>
              <select
                id="sort-by"
                name="s"
                form={FILTER_FORM_ID}
                value={sorting}
                onChange={(event) => {
                  setSorting(event.currentTarget.value);
                  submitNow();
                }}
                className="rounded border border-neutral-300 bg-white px-2 py-1.5 text-sm"
              >
                {SORTING_OPTIONS.map((option) => (
                  <option key={option.queryValue} value={option.queryValue}>
                    {option.name}
                  </option>
                ))}
              </select>
              <BeforeHydration>
                {/* as high as the select beside it, so the row keeps its height when hydration removes the button */}
                <Button type="submit" form={FILTER_FORM_ID} severity="primary" className="h-8">
                  Sort
                </Button>
              </BeforeHydration>
            </div>
          </div>
        </div>

        {isPhone ? null : (
          <aside
            aria-labelledby={FILTERS_TARGET_ID}
            // a phone without JavaScript lists the filters after the results, so the products come first
            className="max-md:order-last md:col-start-1 md:row-span-2 md:row-start-1"
          >
            <h2 id={FILTERS_TARGET_ID} tabIndex={-1} className="text-lg font-semibold">
              Filters
            </h2>
            {filterForm}
          </aside>
        )}

        <section
          aria-labelledby={RESULTS_TARGET_ID}
          aria-busy={isLoading}
          className={cn('min-w-0 md:col-start-2 md:row-start-2', isLoading && 'opacity-60 transition-opacity')}
        >
          <h2 id={RESULTS_TARGET_ID} ref={resultsHeadingRef} tabIndex={-1} className="sr-only">
            Products
          </h2>
          <AppliedFilters chips={chips} pathname={pathname} clearAllHref={clearAllHref} />
          {beforeResults}
          {products.length === 0 ? (
            <EmptyResults data={data} hasFilters={chips.length > 0} />
          ) : (
            <ResultsGrid products={products} favorites={data.favorites} pods={data.banners.pods} page={state.page} />
          )}
          <Pagination
            currentPage={state.page}
            pageCount={pageCount}
            hrefForPage={(page) => toSearchHref(pathname, withPage(state, page))}
            onNavigate={() => {
              shouldFocusResultsRef.current = true;
            }}
          />
          {afterResults}
        </section>
      </div>
    </div>
  );
}
