/**
 * A searchable snapshot of the catalogue: the index plus what search and content answers need besides it
 * (the category tree, the areas' default facets). Built in one go from the database and swapped atomically.
 */
import type { AreaId, DefaultFacet } from '@b2b/contract';
import type { CategoryTree } from './category-tree.ts';
import type { ProductSummaries } from './product-summaries.ts';
import type { SearchIndex } from './search-index.ts';

export type SearchCatalogue = {
  index: SearchIndex;
  /** What suggestions show, per indexed product id. */
  summaries: ProductSummaries;
  categories: CategoryTree;
  /** Area settings `defaultFacets` per area (spec §3), read with the catalogue. */
  defaultFacets: ReadonlyMap<AreaId, readonly DefaultFacet[]>;
  /** When the snapshot was read, and how long reading and building took. */
  builtAt: Date;
  buildMilliseconds: number;
};
