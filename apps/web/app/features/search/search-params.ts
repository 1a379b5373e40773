/**
 * The query string of listing pages (spec §2 "Listing pages", §4 "Search"), kept pure so it can be unit-tested.
 *
 * - `q` free text, `p` page (only when > 1), `s` sorting (only when not the first option),
 * - one parameter per facet, named by its `queryField`; checkbox values joined by `,` (FACET_SEPARATOR),
 *   sliders as `min,max` with either side possibly empty (dates as yyyy-mm-dd).
 *
 * The parser never throws: anything it cannot understand is dropped, so a hand-edited URL shows a search instead
 * of a 500. It also accepts the shape a plain HTML GET form submits (a parameter repeated once per checked box, a
 * slider's two inputs as two parameters), so the facet form works without JavaScript; the loader then redirects to
 * the canonical form that `buildSearchParams` writes.
 */
import type { DefaultFacet, FacetField, FacetSelection } from '@b2b/contract';
import {
  FACET_FIELDS,
  FACET_SEPARATOR,
  MAX_FACET_VALUE_LENGTH,
  MAX_FACET_VALUES,
  MAX_SEARCH_SKIP,
  MAX_SEARCH_TEXT_LENGTH,
  MAX_SLIDER_VALUE_LENGTH,
  PAGE_QUERY_NAME,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_NAME,
  SORTING_OPTIONS,
  SORTING_QUERY_NAME,
  type SortingOption,
} from '@b2b/contract/constants';

/** A facet the page offers: the area's `settings.defaultFacets` entry. */
export type FacetDefinition = Pick<DefaultFacet, 'type' | 'facetName' | 'field' | 'queryField' | 'valueType'>;

export type SearchState = {
  /** Free text, trimmed; '' when none. */
  q: string;
  /** 1-based page number. */
  page: number;
  sorting: SortingOption;
  /** Selections in the shape the search API takes; only facets that are defined and actually set. */
  facets: FacetSelection[];
  /** The facets the page knows, so the state can be written back to a query string on its own. */
  definitions: FacetDefinition[];
};

/** The highest page whose skip the API still accepts (the query is kept within the contract's search limits). */
export const MAX_PAGE = Math.floor(MAX_SEARCH_SKIP / SEARCH_PAGE_SIZE) + 1;

const DEFAULT_SORTING = SORTING_OPTIONS[0] as SortingOption;
const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isFacetField(field: string): field is FacetField {
  return (FACET_FIELDS as readonly string[]).includes(field);
}

/** Only definitions whose field the search API knows can filter; the others are left out. */
export function usableDefinitions(definitions: readonly FacetDefinition[]): FacetDefinition[] {
  const seenQueryFields = new Set<string>();
  return definitions.filter((definition) => {
    if (!isFacetField(definition.field) || !definition.queryField) return false;
    if (seenQueryFields.has(definition.queryField)) return false;
    seenQueryFields.add(definition.queryField);
    return true;
  });
}

/**
 * A checkbox value may itself hold the separator (a brand "Smith, Jones & Co"): such commas, and the `%` that
 * escapes them, are percent-escaped inside the value before joining, so splitting on `,` stays exact.
 */
export function encodeFacetValue(value: string): string {
  return value.replace(/%/g, '%25').replace(/,/g, '%2C');
}

export function decodeFacetValue(value: string): string {
  return value.replace(/%(25|2C)/gi, (sequence) => (sequence === '%25' ? '%' : ','));
}

export function isValidSliderValue(value: string, valueType: FacetDefinition['valueType']): boolean {
  if (value.length === 0 || value.length > MAX_SLIDER_VALUE_LENGTH) return false;
  if (valueType === 'date') {
    const match = DATE_PATTERN.exec(value);
    if (!match) return false;
    const [, year, month, day] = match.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }
  return NUMBER_PATTERN.test(value);
}

function compareSliderValues(a: string, b: string, valueType: FacetDefinition['valueType']): number {
  // yyyy-mm-dd compares correctly as text
  return valueType === 'date' ? a.localeCompare(b) : Number(a) - Number(b);
}

/** Splits on the separator, decodes, trims and drops empty, over-long and repeated values. */
function parseCheckboxValues(rawValues: string[]): string[] {
  const values: string[] = [];
  for (const raw of rawValues) {
    for (const part of raw.split(FACET_SEPARATOR)) {
      const value = decodeFacetValue(part).trim();
      if (value.length === 0 || value.length > MAX_FACET_VALUE_LENGTH || values.includes(value)) continue;
      values.push(value);
      if (values.length === MAX_FACET_VALUES) return values;
    }
  }
  return values;
}

/**
 * A slider is `min,max` in one parameter, or (from an HTML form) its two inputs as two parameters. An invalid side
 * counts as unset; with neither side set the slider does not apply (spec §5).
 */
function parseSliderRange(
  rawValues: string[],
  valueType: FacetDefinition['valueType'],
): { min?: string; max?: string } | undefined {
  const parts = rawValues.join(FACET_SEPARATOR).split(FACET_SEPARATOR);
  if (parts.length > 2) return undefined;
  const [rawMin = '', rawMax = ''] = parts.map((part) => part.trim());
  let min = isValidSliderValue(rawMin, valueType) ? rawMin : undefined;
  let max = isValidSliderValue(rawMax, valueType) ? rawMax : undefined;
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined && compareSliderValues(min, max, valueType) > 0) {
    [min, max] = [max, min];
  }
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
}

function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function findSortingOption(queryValue: string | null | undefined): SortingOption {
  return SORTING_OPTIONS.find((option) => option.queryValue === queryValue) ?? DEFAULT_SORTING;
}

/** Reads a listing page's query string (spec §2). Never throws; unknown or invalid parts are ignored. */
export function parseSearchParams(
  searchParams: URLSearchParams,
  facetDefinitions: readonly FacetDefinition[],
): SearchState {
  const definitions = usableDefinitions(facetDefinitions);
  const q = (searchParams.get(SEARCH_QUERY_NAME) ?? '').trim().slice(0, MAX_SEARCH_TEXT_LENGTH).trim();
  const facets: FacetSelection[] = [];
  for (const definition of definitions) {
    const rawValues = searchParams.getAll(definition.queryField);
    if (rawValues.length === 0) continue;
    const field = definition.field as FacetField;
    if (definition.type === 'Slider') {
      const range = parseSliderRange(rawValues, definition.valueType);
      if (range) facets.push({ field, type: definition.type, ...range });
    } else {
      const values = parseCheckboxValues(rawValues);
      if (values.length > 0) facets.push({ field, type: definition.type, values });
    }
  }
  return {
    q,
    page: parsePage(searchParams.get(PAGE_QUERY_NAME)),
    sorting: findSortingOption(searchParams.get(SORTING_QUERY_NAME)),
    facets,
    definitions,
  };
}

/** Writes the canonical query string parameters of a state (spec §2), in the order q, facets, s, p. */
export function buildSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set(SEARCH_QUERY_NAME, state.q);
  for (const definition of state.definitions) {
    const selection = state.facets.find((facet) => facet.field === definition.field);
    if (!selection) continue;
    if (definition.type === 'Slider') {
      if (selection.min === undefined && selection.max === undefined) continue;
      params.set(definition.queryField, `${selection.min ?? ''}${FACET_SEPARATOR}${selection.max ?? ''}`);
    } else if (selection.values && selection.values.length > 0) {
      params.set(definition.queryField, selection.values.map(encodeFacetValue).join(FACET_SEPARATOR));
    }
  }
  if (state.sorting.queryValue !== DEFAULT_SORTING.queryValue) params.set(SORTING_QUERY_NAME, state.sorting.queryValue);
  if (state.page > 1) params.set(PAGE_QUERY_NAME, String(state.page));
  return params;
}

/**
 * The query string of a state, with the separators left readable (`brand=A,B`, `stockLevel=5,`). Commas inside a
 * value were escaped to `%2C` before, which URLSearchParams writes as `%252C`, so they stay apart from separators.
 */
export function toQueryString(params: URLSearchParams): string {
  return params.toString().replace(/%2C/g, ',');
}

/** `pathname` plus the state's canonical query string. */
export function toSearchHref(pathname: string, state: SearchState): string {
  const query = toQueryString(buildSearchParams(state));
  return query ? `${pathname}?${query}` : pathname;
}

/** The request body part of a state: skip = (page − 1) × page size (spec §4). */
export function toSearchRequest(state: SearchState, pageSize: number = SEARCH_PAGE_SIZE) {
  return {
    search: state.q,
    facets: state.facets,
    sorting: state.sorting.sortings,
    skip: (state.page - 1) * pageSize,
    take: pageSize,
  };
}

export function findSelection(state: SearchState, field: string): FacetSelection | undefined {
  return state.facets.find((facet) => facet.field === field);
}

/** Replaces one facet's selection (spec §4: setting a facet replaces the previous selection). */
function withSelection(state: SearchState, field: string, selection: FacetSelection | undefined): SearchState {
  const facets = state.facets.filter((facet) => facet.field !== field);
  if (selection) facets.push(selection);
  // keep the definitions' order so equal states write equal URLs
  const order = state.definitions.map((definition) => definition.field);
  facets.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return { ...state, facets, page: 1 };
}

/** Checks or unchecks one value of a checkbox facet; page 1 again (spec §4). */
export function withFacetToggled(state: SearchState, field: string, value: string): SearchState {
  const definition = state.definitions.find((candidate) => candidate.field === field);
  if (!definition || definition.type === 'Slider') return state;
  const current = findSelection(state, field)?.values ?? [];
  const values = current.includes(value) ? current.filter((existing) => existing !== value) : [...current, value];
  return withFacetValues(state, field, values);
}

/** Sets a checkbox facet's values, replacing its previous selection; page 1 again (spec §4). */
export function withFacetValues(state: SearchState, field: string, values: readonly string[]): SearchState {
  const definition = state.definitions.find((candidate) => candidate.field === field);
  if (!definition || definition.type === 'Slider') return state;
  const cleanValues = parseCheckboxValues(values.map(encodeFacetValue));
  return withSelection(
    state,
    field,
    cleanValues.length > 0 ? { field: field as FacetField, type: definition.type, values: cleanValues } : undefined,
  );
}

/**
 * Sets a slider's range, replacing its previous one; an empty or invalid side is unset, and with neither side
 * set the slider is removed (spec §5). Page 1 again (spec §4).
 */
export function withRange(
  state: SearchState,
  field: string,
  min: string | null | undefined,
  max: string | null | undefined,
): SearchState {
  const definition = state.definitions.find((candidate) => candidate.field === field);
  if (definition?.type !== 'Slider') return state;
  const range = parseSliderRange([`${min ?? ''}`, `${max ?? ''}`], definition.valueType);
  return withSelection(state, field, range ? { field: field as FacetField, type: 'Slider', ...range } : undefined);
}

/** New free text; page 1 again (spec §4). */
export function withText(state: SearchState, q: string): SearchState {
  return { ...state, q: q.trim().slice(0, MAX_SEARCH_TEXT_LENGTH).trim(), page: 1 };
}

/** New sorting (by queryValue); page 1 again (spec §4). */
export function withSorting(state: SearchState, queryValue: string): SearchState {
  return { ...state, sorting: findSortingOption(queryValue), page: 1 };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1 };
}

/**
 * "Clear all" (spec §4: clearing facets empties the checkbox selections and resets the page to 1). The sliders'
 * ranges are not checkbox selections and stay, as do the free text and the sorting.
 */
export function cleared(state: SearchState): SearchState {
  return { ...state, facets: state.facets.filter((facet) => facet.type === 'Slider'), page: 1 };
}

/** One applied filter as a removable chip above the results: its label and the listing without it. */
export type FilterChip = {
  /** The facet's name, e.g. "Brand". */
  facetName: string;
  /** The value as shown: a checkbox value's label, or a slider's range ("5 to 10", "from 5", "up to 10"). */
  valueLabel: string;
  /** The state with this one value (or this slider's range) removed; page 1 again (spec §4). */
  without: SearchState;
};

/** Writes a slider's range for a chip: both sides, or the one that is set. */
function formatRange(min: string | undefined, max: string | undefined): string {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  return min !== undefined ? `from ${min}` : `up to ${max ?? ''}`;
}

/**
 * The applied filters as chips, in the order of the area's facets: one per checkbox value, one per slider. Labels
 * come from `labelOf` (the API's option label for a value), falling back to the value itself.
 */
export function filterChips(
  state: SearchState,
  labelOf: (field: string, value: string) => string | undefined = () => undefined,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const definition of state.definitions) {
    const selection = findSelection(state, definition.field);
    if (!selection) continue;
    if (definition.type === 'Slider') {
      chips.push({
        facetName: definition.facetName,
        valueLabel: formatRange(selection.min, selection.max),
        without: withRange(state, definition.field, null, null),
      });
      continue;
    }
    for (const value of selection.values ?? []) {
      chips.push({
        facetName: definition.facetName,
        valueLabel: labelOf(definition.field, value) ?? value,
        without: withFacetToggled(state, definition.field, value),
      });
    }
  }
  return chips;
}

export function totalPages(itemsTotal: number, pageSize: number = SEARCH_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(itemsTotal / pageSize));
}
