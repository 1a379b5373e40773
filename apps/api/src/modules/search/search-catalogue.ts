/**
 * A searchable snapshot of the catalogue: the index plus what search and content answers need besides it
 * (the category tree, the areas' default facets). Built in one go from the database and swapped atomically.
 */
import type { AreaId, DefaultFacet } from '@b2b/contract';
import type { CategoryTree } from './category-tree.ts';
import type { SearchIndex } from './search-index.ts';

/** What the header search's suggestions show of a product, held with the index so suggestions need no query. */
export type ProductSummary = { name: string; url: string; imageUrl: string | null; brand: string };

export type SearchCatalogue = {
  index: SearchIndex;
  /** Per indexed product id. */
  summaries: ReadonlyMap<string, ProductSummary>;
  categories: CategoryTree;
  /** Area settings `defaultFacets` per area (spec §3), read with the catalogue. */
  defaultFacets: ReadonlyMap<AreaId, readonly DefaultFacet[]>;
  /** When the snapshot was read, and how long reading and building took. */
  builtAt: Date;
  buildMilliseconds: number;
};
