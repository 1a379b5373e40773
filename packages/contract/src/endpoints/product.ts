/**
 * Product calls of spec §7 (Products, prices, discounts), and the header search's suggestions. All are public: prices are not part of them, and the
 * storefront shows the catalogue before anyone logs in (spec §1).
 */
import { defineEndpoint } from '../endpoint.ts';
import { getProductsByIdsBody, getProductsByIdsResponse } from '../product.ts';
import { getProductsBySearchResponse, getSearchSuggestionsBody, getSearchSuggestionsResponse } from '../search.ts';
import { getProductsBySearchRefinedBody } from '../search-rules.ts';

export const productEndpoints = {
  getProductsByIds: defineEndpoint({
    method: 'POST',
    path: '/api/Product/GetProductsByIds',
    policy: 'public',
    tag: 'Product',
    summary: 'Products by item number',
    description:
      'Found products keyed by id; unknown ids are left out. When none of the ids exists: 404 NotFoundException ' +
      '(spec §8). `lookupTemplate` `product-cart` returns the slim form the cart needs.',
    body: getProductsByIdsBody,
    response: getProductsByIdsResponse,
    errors: [404],
  }),
  getProductsBySearch: defineEndpoint({
    method: 'POST',
    path: '/api/Product/GetProductsBySearch',
    policy: 'public',
    tag: 'Product',
    summary: 'Faceted product search',
    description:
      'Facets CheckboxAnd (all values), CheckboxOr (any value) and Slider (stockLevel; newStockDate as yyyy-mm-dd; ' +
      'applies only when min or max is set). `search` matches name, item number and brand, each term as a prefix ' +
      "(bbs and bb's mean the brand bb). Default sorting: new stock date descending. facetOptions count under " +
      'the other selected facets; an OR facet counts as if its own selection were absent.',
    // The refined body: slider bounds must be numbers or dates of their field (search-rules.ts), checked at the door.
    body: getProductsBySearchRefinedBody,
    response: getProductsBySearchResponse,
  }),
  getSearchSuggestions: defineEndpoint({
    method: 'POST',
    path: '/api/Product/GetSearchSuggestions',
    policy: 'public',
    tag: 'Product',
    summary: 'Suggestions while typing in the search box: products, categories, brands',
    description:
      'The same matching as GetProductsBySearch (the last word a prefix, one typo tolerated in words of five letters ' +
      'or more), answered from the in-process search index; no prices.',
    body: getSearchSuggestionsBody,
    response: getSearchSuggestionsResponse,
  }),
};
