/**
 * The search index's source as the repository reads it (delimited text, search.repository.ts) and as the index
 * is built from it (documents and product summaries). Parsing is pure and runs in the index's worker thread
 * (ADR 041), off the API's event loop.
 */
import type { AreaId, DefaultFacet } from '@b2b/contract';
import { type CategoryNode, CategoryTree } from './category-tree.ts';
import type { ProductSummaryColumns } from './product-summaries.ts';
import { type ProductSearchRow, toSearchDocument, type VariantSearchRow } from './search-documents.ts';
import type { SearchDocument } from './search-types.ts';

const FIELD = '\u001f';
const RECORD = '\u001e';

/** What the repository reads: small tables as rows, products and variants as chunks of delimited records. */
export type SearchSourceText = {
  categories: CategoryNode[];
  brands: Array<{ id: string; name: string }>;
  defaultFacets: Array<[AreaId, DefaultFacet[]]>;
  /** Product records (11 fields), separated by U+001E, in chunks. */
  productChunks: string[];
  /** Variant records (4 fields: product id, id, size, colour), separated by U+001E, in chunks. */
  variantChunks: string[];
};

export type SearchSource = {
  documents: SearchDocument[];
  /** What a suggestion shows of each document, in document order. */
  summaries: ProductSummaryColumns;
  categories: CategoryTree;
  brandNames: Map<string, string>;
  /** Records that could not be read (a code containing a separator); they are left out of the index. */
  skippedRecords: number;
};

/** A specification value stored as a list comes back as JSON text; anything else is a single value. */
function toSpecificationValue(text: string): unknown {
  if (!text.startsWith('[')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : text;
  } catch {
    return text;
  }
}

function* splitRecords(chunks: readonly string[]): Generator<string> {
  for (const chunk of chunks) if (chunk !== '') yield* chunk.split(RECORD);
}

const PRODUCT_FIELDS = 11;

function parseProduct(record: string, brandNames: ReadonlyMap<string, string>): ProductSearchRow {
  const fields = record.split(FIELD);
  const [
    id = '',
    name = '',
    brandId = '',
    categoryId = '',
    stockLevel,
    newStockDate,
    material = '',
    gender = '',
    season = '',
    url = '',
    imageUrl = '',
  ] = fields.length === PRODUCT_FIELDS ? fields : [];
  return {
    id,
    name,
    brandId,
    brandName: brandNames.get(brandId) ?? brandId,
    categoryId,
    stockLevel: Number(stockLevel ?? 0),
    newStockDate: newStockDate ? newStockDate : null,
    material: toSpecificationValue(material),
    gender: toSpecificationValue(gender),
    season: toSpecificationValue(season),
    url,
    imageUrl: imageUrl === '' ? null : imageUrl,
  };
}

const VARIANT_FIELDS = 4;

function groupVariants(chunks: readonly string[]): { byProduct: Map<string, VariantSearchRow[]>; skipped: number } {
  const byProduct = new Map<string, VariantSearchRow[]>();
  let skipped = 0;
  for (const record of splitRecords(chunks)) {
    const fields = record.split(FIELD);
    if (fields.length !== VARIANT_FIELDS) {
      skipped++;
      continue;
    }
    const [productId = '', id = '', size = '', colour = ''] = fields;
    const variant = { id, size: size || null, colour: colour || null };
    const list = byProduct.get(productId);
    if (list === undefined) byProduct.set(productId, [variant]);
    else list.push(variant);
  }
  return { byProduct, skipped };
}

/** Parses the repository's text into documents (in the order read) and the summaries of the same products. */
export function parseSearchSource(text: SearchSourceText): SearchSource {
  const categoryTree = new CategoryTree(text.categories);
  const brandNames = new Map(text.brands.map((row) => [row.id, row.name]));
  const variants = groupVariants(text.variantChunks);
  const documents: SearchDocument[] = [];
  const summaries: ProductSummaryColumns = {
    names: [],
    urls: [],
    imageUrls: [],
    brands: [],
    brandOf: new Uint32Array(0),
  };
  const brandOf: number[] = [];
  const brandSlots = new Map<string, number>();
  let skippedRecords = variants.skipped;
  for (const record of splitRecords(text.productChunks)) {
    const product = parseProduct(record, brandNames);
    if (product.id === '') {
      skippedRecords++;
      continue;
    }
    documents.push(toSearchDocument(product, variants.byProduct.get(product.id) ?? [], categoryTree));
    let brandSlot = brandSlots.get(product.brandName);
    if (brandSlot === undefined) {
      brandSlot = summaries.brands.length;
      brandSlots.set(product.brandName, brandSlot);
      summaries.brands.push(product.brandName);
    }
    summaries.names.push(product.name);
    summaries.urls.push(product.url);
    summaries.imageUrls.push(product.imageUrl ?? '');
    brandOf.push(brandSlot);
  }
  summaries.brandOf = Uint32Array.from(brandOf);
  return { documents, summaries, categories: categoryTree, brandNames, skippedRecords };
}
