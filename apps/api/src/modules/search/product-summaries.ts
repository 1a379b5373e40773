/**
 * What the header search's suggestions show of each indexed product (name, url, image, brand), held with the index
 * so suggestions need no query. Kept as columns in document order rather than one object per product: at 300k
 * products that is 4 arrays instead of 300k objects and a 300k-entry map (ADR 041), and a worker thread hands them
 * over as packed strings.
 */
import type { SearchIndex } from './search-index.ts';

export type ProductSummary = { name: string; url: string; imageUrl: string | null; brand: string };

/** Per document (index order): name, url, first image url ('' for none) and brand (a slot in `brands`). */
export type ProductSummaryColumns = {
  names: string[];
  urls: string[];
  imageUrls: string[];
  brands: string[];
  brandOf: Uint32Array;
};

export class ProductSummaries {
  readonly #index: SearchIndex;
  readonly #columns: ProductSummaryColumns;

  /** `columns` hold the index's documents in the index's order. */
  constructor(index: SearchIndex, columns: ProductSummaryColumns) {
    if (columns.names.length !== index.size) throw new Error('Product summaries do not match the search index');
    this.#index = index;
    this.#columns = columns;
  }

  /** The summary of an indexed product, or undefined. */
  get(id: string): ProductSummary | undefined {
    const doc = this.#index.findDocument(id);
    if (doc === undefined) return undefined;
    const { names, urls, imageUrls, brands, brandOf } = this.#columns;
    const imageUrl = imageUrls[doc] ?? '';
    return {
      name: names[doc] ?? '',
      url: urls[doc] ?? '',
      imageUrl: imageUrl === '' ? null : imageUrl,
      brand: brands[brandOf[doc] ?? 0] ?? '',
    };
  }
}
