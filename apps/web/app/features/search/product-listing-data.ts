import type { FacetOption, GetProductsBySearchResponse } from '@b2b/contract';
import type { ProductCardData } from '~/components/product/product-card-data.ts';
import type { SearchState } from './search-params.ts';

/** A facet as the sidebar renders it: the API's options joined with the area's definition (for its queryField). */
export type FacetView = FacetOption & { queryField: string };

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
  /** When the free text finds nothing: the corrected text that finds something, else null. */
  didYouMean: GetProductsBySearchResponse['didYouMean'];
  /** When the free text finds nothing: the categories nearest to its words. */
  nearestCategories: GetProductsBySearchResponse['nearestCategories'];
};
