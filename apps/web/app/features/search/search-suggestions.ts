/**
 * What the header search offers while the buyer types (issue 11 §2): the answer of GetSearchSuggestions, served by
 * /resources/search-suggestions, laid out as the combobox's groups of options. Browser-safe and pure.
 */
import type { GetSearchSuggestionsResponse } from '@b2b/contract';
import { formatCount } from '~/lib/format.ts';

/** The brand facet's query parameter (the area settings' default facets: `queryField` of `brand`). */
const BRAND_QUERY_FIELD = 'brand';

/** The resource route the header search asks (routes/resources.search-suggestions.ts). */
export const SEARCH_SUGGESTIONS_PATH = '/resources/search-suggestions';

/** Typing pauses this long before suggestions are asked for, so a fast typist sends one request, not one per key. */
export const SUGGESTION_DEBOUNCE_MS = 150;

export type SuggestionKind = 'product' | 'category' | 'brand';

export type SuggestionOption = {
  kind: SuggestionKind;
  /** Unique within one answer; part of the option's element id. */
  key: string;
  label: string;
  /** The second line: item number and brand, or how many products. */
  detail: string;
  href: string;
  /** A product's main image (`/images/raw/…`), shown as a thumbnail. */
  imageUrl: string | null;
  /** A product's id, for its discount splashes (issue 27); null for categories and brands. */
  productId: string | null;
};

export type SuggestionGroup = { kind: SuggestionKind; heading: string; options: SuggestionOption[] };

export type SearchSuggestions = GetSearchSuggestionsResponse;

export const NO_SUGGESTIONS: SearchSuggestions = { products: [], categories: [], brands: [] };

function productCountText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;
}

/** A brand's listing: /search with the brand facet (its query field is `brand`, its values brand ids). */
export function brandSearchHref(brandId: string): string {
  return `/search?${new URLSearchParams({ [BRAND_QUERY_FIELD]: brandId })}`;
}

/** The non-empty groups in the order the popup shows them: products, categories, brands. */
export function toSuggestionGroups(suggestions: SearchSuggestions): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [
    {
      kind: 'product',
      heading: 'Products',
      options: suggestions.products.map((product) => ({
        kind: 'product',
        key: `product-${product.id}`,
        label: product.name,
        detail: `Item no. ${product.id} · ${product.brand}`,
        href: product.url,
        imageUrl: product.imageUrl,
        productId: product.id,
      })),
    },
    {
      kind: 'category',
      heading: 'Categories',
      options: suggestions.categories.map((category) => ({
        kind: 'category',
        key: `category-${category.id}`,
        label: category.name,
        detail: productCountText(category.productCount),
        href: category.url,
        imageUrl: null,
        productId: null,
      })),
    },
    {
      kind: 'brand',
      heading: 'Brands',
      options: suggestions.brands.map((brand) => ({
        kind: 'brand',
        key: `brand-${brand.id}`,
        label: brand.name,
        detail: productCountText(brand.productCount),
        href: brandSearchHref(brand.id),
        imageUrl: null,
        productId: null,
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

function countOf(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** What the status region announces when suggestions arrive: how many, of which kinds, and how to reach them. */
export function describeSuggestions(groups: readonly SuggestionGroup[]): string {
  const total = groups.reduce((sum, group) => sum + group.options.length, 0);
  if (total === 0) return 'No suggestions.';
  const parts = groups.map((group) =>
    group.kind === 'product'
      ? countOf(group.options.length, 'product', 'products')
      : group.kind === 'category'
        ? countOf(group.options.length, 'category', 'categories')
        : countOf(group.options.length, 'brand', 'brands'),
  );
  return `${countOf(total, 'suggestion', 'suggestions')}: ${parts.join(', ')}. Use the up and down arrow keys to choose.`;
}
