import type { FacetOption, GetProductsBySearchResponse } from '@b2b/contract';
import type { ListingBanners } from '~/lib/campaigns/campaign-banners.server.ts';

type FacetValue = FacetOption['options'][number];

import type { ProductCardData } from '~/components/product/product-card-data.ts';
import type { FavoriteMarks } from '~/lib/favorites/favorite-marks.ts';
import type { SearchState } from './search-params.ts';

/**
 * A checkbox value as the sidebar renders it, in the page's data 220 times (issue 25: what the page renders, no
 * more): the label only where it is not the value itself (a brand's id and name; a colour or size is its own label),
 * `isSelected` only when selected. `facetOptionLabel` reads the label.
 */
export type FacetOptionView = { value: string; label?: string; count: number; isSelected?: true };

/** A facet as the sidebar renders it: the API's facet joined with the area's definition (for its queryField). */
export type FacetView = Omit<FacetOption, 'options'> & { queryField: string; options: FacetOptionView[] };

export function toFacetOptionView({ value, label, count, isSelected }: FacetValue): FacetOptionView {
  return {
    value,
    count,
    ...(label !== value && { label }),
    ...(isSelected && { isSelected: true as const }),
  };
}

export function facetOptionLabel(option: FacetOptionView): string {
  return option.label ?? option.value;
}

/** Loader data of a listing page (/search, category pages). */
export type ProductListingData = {
  state: SearchState;
  /** Path the filter form submits to: /search or a category's URL. */
  pathname: string;
  facets: FacetView[];
  products: ProductCardData[];
  itemsTotal: number;
  pageCount: number;
  isLoggedIn: boolean;
  /** The cards' hearts (issue 26 §1): null for visitors and staff without a customer. */
  favorites: FavoriteMarks | null;
  /** When the free text finds nothing: the corrected text that finds something, else null. */
  didYouMean: GetProductsBySearchResponse['didYouMean'];
  /** When the free text finds nothing: the categories nearest to its words. */
  nearestCategories: GetProductsBySearchResponse['nearestCategories'];
  /** The area settings' list banners this visitor may see (issue 27). */
  banners: ListingBanners;
};
