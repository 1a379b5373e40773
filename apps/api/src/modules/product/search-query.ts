/**
 * Translates a GetProductsBySearch body (already checked by the contract's refined schema) into an index query,
 * and the index's facet results back into the contract's facetOptions.
 */
import {
  type DefaultFacet,
  FACET_FIELDS,
  FACET_VALUE_TYPES,
  type FacetField,
  type FacetOption,
  type GetProductsBySearchRefinedBody,
  parseSliderBound,
  SORTING_OPTIONS,
} from '@b2b/contract';
import { fromEpochDay } from '../search/epoch-days.ts';
import type { FacetResult, SearchFilter, SearchQuery } from '../search/search-types.ts';

/** A facet to count and show: field, kind and label. */
export type FacetDefinition = Pick<DefaultFacet, 'type' | 'facetName' | 'field'>;

function humanize(field: string): string {
  const words = field.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Used when an area has no defaultFacets: every contract facet field, sliders for numbers and dates. */
export const FALLBACK_FACETS: readonly FacetDefinition[] = FACET_FIELDS.map((field) => ({
  field,
  facetName: humanize(field),
  type: FACET_VALUE_TYPES[field] === 'text' ? (field === 'size' ? 'CheckboxAnd' : 'CheckboxOr') : 'Slider',
}));

function isFacetField(field: string): field is FacetField {
  return (FACET_FIELDS as readonly string[]).includes(field);
}

/**
 * The facets to return: the area's default facets (spec §3 area settings) that name a known field, then any
 * facet the request selects that the defaults lack.
 */
export function chooseFacets(
  defaults: readonly FacetDefinition[] | undefined,
  body: GetProductsBySearchRefinedBody,
): FacetDefinition[] {
  const chosen = (defaults && defaults.length > 0 ? defaults : FALLBACK_FACETS).filter(
    (facet) => isFacetField(facet.field) && (FACET_VALUE_TYPES[facet.field] === 'text') === (facet.type !== 'Slider'),
  );
  for (const selection of body.facets) {
    if (!chosen.some((facet) => facet.field === selection.field)) {
      chosen.push({ field: selection.field, type: selection.type, facetName: humanize(selection.field) });
    }
  }
  return chosen;
}

function toFilter(selection: GetProductsBySearchRefinedBody['facets'][number]): SearchFilter {
  if (selection.type === 'Slider') {
    // The refined schema has checked the bounds; a bound that is not set stays null (spec §5).
    return {
      field: selection.field,
      type: 'Slider',
      min: parseSliderBound(selection.field, selection.min) ?? null,
      max: parseSliderBound(selection.field, selection.max) ?? null,
    };
  }
  return { field: selection.field, type: selection.type, values: selection.values ?? [] };
}

/** spec §9: "New stock level descending" is the default sorting. */
export const DEFAULT_SORTING = SORTING_OPTIONS[0]?.sortings ?? [];

/**
 * The index query of a request; the sort defaults to the first sorting option (spec §9). Free text without a chosen
 * sorting is ordered by relevance, ties by that default sorting (ADR 003).
 */
export function toSearchQuery(body: GetProductsBySearchRefinedBody, facets: readonly FacetDefinition[]): SearchQuery {
  const hasSorting = body.sorting !== undefined && body.sorting.length > 0;
  const sort = hasSorting ? (body.sorting ?? []) : DEFAULT_SORTING;
  return {
    rankByRelevance: !hasSorting && body.search.trim().length > 0,
    text: body.search,
    categoryId: body.categoryId,
    filters: body.facets.map(toFilter),
    facets: facets.map((facet) => ({ field: facet.field, type: facet.type })),
    sort,
    skip: body.skip,
    take: body.take,
  };
}

function formatBound(field: FacetField, value: number | null): string | null {
  if (value === null) return null;
  return FACET_VALUE_TYPES[field] === 'date' ? fromEpochDay(value) : String(value);
}

/** The contract's facetOptions from the index's facet results, labelled with the facet names. */
export function toFacetOptions(results: readonly FacetResult[], facets: readonly FacetDefinition[]): FacetOption[] {
  return results.map((result, position) => {
    const field = result.field as FacetField;
    const facetName = facets[position]?.facetName ?? humanize(field);
    const valueType = FACET_VALUE_TYPES[field];
    if (result.type === 'Slider') {
      return {
        field,
        facetName,
        type: 'Slider',
        valueType,
        options: [],
        min: formatBound(field, result.min),
        max: formatBound(field, result.max),
        selectedMin: formatBound(field, result.selectedMin),
        selectedMax: formatBound(field, result.selectedMax),
      };
    }
    return {
      field,
      facetName,
      type: result.type,
      valueType,
      options: result.options,
      min: null,
      max: null,
      selectedMin: null,
      selectedMax: null,
    };
  });
}
