/**
 * How products become search documents: which product attributes are facets, sliders and text (spec §7
 * GetProductsBySearch; contract FACET_FIELDS), and the option order and labels of the facets.
 */
import type { CategoryTree } from './category-tree.ts';
import { toEpochDay } from './epoch-days.ts';
import type { SearchDocument, SearchIndexOptions } from './search-types.ts';
import { TEXT_COLLATOR } from './sort-orders.ts';

/** Checkbox facets (a product may hold several values of `size` and `colour`: one per variant). */
export const CHECKBOX_FACET_FIELDS = ['brand', 'category', 'size', 'colour', 'material', 'gender', 'season'] as const;
/** Slider facets and number sort keys; `newStockDate` is stored as days since 1970-01-01. */
/** Facets whose values free text finds as well ("red helmet"); sizes are left out (S, M, 8.0" are not words). */
const TEXT_SPECIFICATION_FIELDS = ['colour', 'material', 'gender', 'season'] as const;
export const SLIDER_FACET_FIELDS = ['stockLevel', 'newStockDate'] as const;

/** Product attributes the index needs, as the repository reads them. */
export type ProductSearchRow = {
  id: string;
  name: string;
  brandId: string;
  brandName: string;
  categoryId: string;
  stockLevel: number;
  newStockDate: string | null;
  material: unknown;
  gender: unknown;
  season: unknown;
  url: string;
  imageUrl: string | null;
};

export type VariantSearchRow = { id: string; size: string | null; colour: string | null };

/** Specification values are a string or a list of strings (contract `specificationsSchema`). */
function toValues(value: unknown): string[] {
  if (typeof value === 'string') return value.length > 0 ? [value] : [];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item.length > 0);
  return [];
}

function collectDistinct(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null && value.length > 0))];
}

/** One product as a search document: brand and category facet values are ids (labelled by name). */
export function toSearchDocument(
  product: ProductSearchRow,
  variants: readonly VariantSearchRow[],
  categories: CategoryTree,
): SearchDocument {
  const path = categories.listPath(product.categoryId);
  const categoryPath = path.map((category) => category.id);
  return {
    id: product.id,
    name: product.name,
    brand: product.brandName,
    typeNames: path.map((category) => category.name),
    itemNumbers: variants.map((variant) => variant.id),
    categoryPath: categoryPath.length > 0 ? categoryPath : [product.categoryId],
    values: {
      brand: [product.brandId],
      category: [product.categoryId],
      size: collectDistinct(variants.map((variant) => variant.size)),
      colour: collectDistinct(variants.map((variant) => variant.colour)),
      material: toValues(product.material),
      gender: toValues(product.gender),
      season: toValues(product.season),
    },
    numbers: {
      stockLevel: product.stockLevel,
      newStockDate: product.newStockDate === null ? null : toEpochDay(product.newStockDate),
    },
  };
}

/** Letter sizes in their natural order; other sizes (8.25", EU 42, 152) sort numerically after them. */
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Orders size values: letter sizes first, in size order, then the rest numeric-aware. */
export function compareSizes(a: string, b: string): number {
  const letterA = LETTER_SIZES.indexOf(a);
  const letterB = LETTER_SIZES.indexOf(b);
  if (letterA >= 0 || letterB >= 0) {
    if (letterA < 0) return 1;
    if (letterB < 0) return -1;
    return letterA - letterB;
  }
  return TEXT_COLLATOR.compare(a, b);
}

/** Index options for products: facet fields, labels for brand and category ids, size order. */
export function createProductIndexOptions(
  brandNames: ReadonlyMap<string, string>,
  categories: CategoryTree,
): SearchIndexOptions {
  const categoryNames = new Map(categories.listAll().map((category) => [category.id, category.name]));
  return {
    checkboxFields: CHECKBOX_FACET_FIELDS,
    numberFields: SLIDER_FACET_FIELDS,
    specificationFields: TEXT_SPECIFICATION_FIELDS,
    labels: { brand: brandNames, category: categoryNames },
    compareValues: { size: compareSizes },
  };
}
