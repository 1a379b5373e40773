/**
 * Shapes of the in-process search index: the documents it is built from, the queries it answers and the
 * results it returns. Field names are plain strings so the index stays independent of the product model;
 * search-documents.ts maps products onto it.
 */

/** One searchable product. */
export type SearchDocument = {
  /** Product id (item number); unique. */
  id: string;
  name: string;
  brand: string;
  /** Names of the product's category and its ancestors (the product type: "Helmets", "Protection"); free text. */
  typeNames?: readonly string[];
  /** Further item numbers that find this document (variant ids); the id itself is always indexed. */
  itemNumbers: readonly string[];
  /** Category ids from the root down to the product's own category; a category filter matches any of them. */
  categoryPath: readonly string[];
  /** Checkbox facet values per field; multi-valued fields (size over variants) list every value. */
  values: Readonly<Record<string, readonly string[]>>;
  /** Numeric columns for sliders and sorting (dates as days since 1970-01-01); null when unknown. */
  numbers: Readonly<Record<string, number | null>>;
};

/** How an index is built. */
export type SearchIndexOptions = {
  /** Fields of `values` that become checkbox facets. */
  checkboxFields: readonly string[];
  /** Fields of `numbers` that sliders filter and sorting orders on. */
  numberFields: readonly string[];
  /** Checkbox fields whose values free text finds too (colour, material…): "red helmet" = red AND helmet. */
  specificationFields?: readonly string[];
  /** Display labels per field and value (e.g. category id → name); the value itself when absent. */
  labels?: Readonly<Record<string, ReadonlyMap<string, string>>>;
  /** Order of facet options per field; by label (numeric-aware) when absent. */
  compareValues?: Readonly<Record<string, (a: string, b: string) => number>>;
};

export type CheckboxFacetType = 'CheckboxAnd' | 'CheckboxOr';
export type FacetKind = CheckboxFacetType | 'Slider';

/** CheckboxAnd: documents with ALL values; CheckboxOr: documents with ANY value. Empty values: no filter. */
export type CheckboxFilter = { field: string; type: CheckboxFacetType; values: readonly string[] };
/** Inclusive range; applies only when min or max is set (spec §5). */
export type SliderFilter = { field: string; type: 'Slider'; min?: number | null; max?: number | null };
export type SearchFilter = CheckboxFilter | SliderFilter;

/** Sort key: `id`, `name`, or a number field. Ties fall back to the id, ascending. */
export type SortKey = { field: string; direction: 'Ascending' | 'Descending' };

export type SearchQuery = {
  /**
   * Free text: every term must match name, item number, brand, type or a specification field; terms are prefixes
   * (spec §5), plurals find singulars, and a word of five letters or more that finds nothing tolerates one typo.
   */
  text?: string;
  /** Restricts to documents whose category path holds this id (the category and its descendants). */
  categoryId?: string;
  /** Restricts to these product ids (a deal page: the products of the caller's campaigns); unknown ids are ignored. */
  productIds?: readonly string[];
  filters?: readonly SearchFilter[];
  /** Facets to count and return, in this order. */
  facets?: ReadonlyArray<{ field: string; type: FacetKind }>;
  /** Empty: index order. */
  sort?: readonly SortKey[];
  /** With free text: order by relevance (score, highest first), ties by `sort`. */
  rankByRelevance?: boolean;
  skip?: number;
  take?: number;
};

export type SearchHit = { id: string; score: number };

export type CheckboxFacetResult = {
  field: string;
  type: CheckboxFacetType;
  options: Array<{ value: string; label: string; count: number; isSelected: boolean }>;
};
export type SliderFacetResult = {
  field: string;
  type: 'Slider';
  /** Lowest and highest value among the documents matching the other filters; null when none has one. */
  min: number | null;
  max: number | null;
  selectedMin: number | null;
  selectedMax: number | null;
};
export type FacetResult = CheckboxFacetResult | SliderFacetResult;

export type SearchResult = { hits: SearchHit[]; total: number; facets: FacetResult[] };
