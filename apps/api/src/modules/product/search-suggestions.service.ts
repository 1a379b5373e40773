/**
 * POST /api/Product/GetSearchSuggestions (public): what the header search offers while the buyer types — products
 * by the same matching and ranking as GetProductsBySearch, categories and brands by name. Answered from the search
 * snapshot alone (no database query), so it keeps up with typing.
 */
import type { GetSearchSuggestionsBody, GetSearchSuggestionsResponse } from '@b2b/contract';
import { validationError } from '../../errors.ts';
import type { SearchCatalogue } from '../search/search-catalogue.ts';
import { suggestBrands, suggestCategories } from '../search/search-suggestions.ts';
import { parseQueryTerms } from '../search/text-terms.ts';
import { DEFAULT_SORTING } from './search-query.ts';

/** Categories and brands offered at most (products: the request's `take`). */
const SUGGESTED_CATEGORY_COUNT = 5;
const SUGGESTED_BRAND_COUNT = 5;

export function getSearchSuggestions(
  input: Required<Pick<GetSearchSuggestionsBody, 'search' | 'take'>>,
  catalogue: SearchCatalogue,
): GetSearchSuggestionsResponse {
  if (parseQueryTerms(input.search).length === 0) {
    throw validationError('search', 'must contain a letter or a digit.');
  }
  const result = catalogue.index.search({
    text: input.search,
    rankByRelevance: true,
    sort: DEFAULT_SORTING,
    take: input.take,
  });
  const products = result.hits.flatMap((hit) => {
    const summary = catalogue.summaries.get(hit.id);
    return summary === undefined ? [] : [{ id: hit.id, ...summary }];
  });
  return {
    products,
    categories: suggestCategories(catalogue, input.search, SUGGESTED_CATEGORY_COUNT),
    brands: suggestBrands(catalogue, input.search, SUGGESTED_BRAND_COUNT),
  };
}
