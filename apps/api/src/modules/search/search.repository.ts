/**
 * Drizzle queries that read the catalogue for the search index. PGlite pays ~15 µs per result row, so 100k
 * products and ~500k variants read row by row take 12 s; instead the products, and then the variants, come back as
 * ONE delimited string each, built by string_agg — under 2 s for the whole catalogue, read in chunks of products
 * (ADR 041). Fields are separated by U+001F and records by U+001E (search-source.ts splits them). Free-text columns
 * have those two characters replaced; a variant record that still does not split into its fields (a code holding
 * them) is skipped and counted.
 */

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { AreaId, DefaultFacet } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { queryRows } from '@b2b/db/client';
import { areas, brands, categories, products, productVariants } from '@b2b/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { CategoryNode } from './category-tree.ts';
import type { SearchSourceText } from './search-source.ts';

/**
 * Products per query when the catalogue is read in chunks: PGlite runs a query synchronously on the API's event loop,
 * so one query over the whole catalogue stalls every request for as long as it runs (ADR 041); a chunk of this many
 * products (and their variants) holds the loop for a few tens of ms, and requests are served between chunks.
 */
export const SEARCH_SOURCE_CHUNK_PRODUCTS = 1_000;

/** Text without the two separator characters; NULL becomes ''. */
function clean(expression: SQL): SQL {
  return sql`translate(coalesce(${expression}, ''), chr(30) || chr(31), '  ')`;
}

/** A jsonb specification attribute as text: a string as it is, a list as its JSON text (see `toSpecificationValue`). */
function specification(key: string): SQL {
  return clean(sql`${products.specifications} ->> ${key}::text`);
}

async function loadCategories(db: Executor): Promise<CategoryNode[]> {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      url: categories.url,
      sortOrder: categories.sortOrder,
    })
    .from(categories);
}

async function loadDefaultFacets(db: Executor): Promise<Array<[AreaId, DefaultFacet[]]>> {
  const rows = await db.select({ id: areas.id, settings: areas.settings }).from(areas);
  return rows.map((row) => [row.id as AreaId, row.settings.defaultFacets ?? []]);
}

/** The url of a product's first image, for thumbnails (suggestions); '' when it has none. */
const FIRST_IMAGE_URL = sql`coalesce(jsonb_path_query_first(${products.media}, '$[*] ? (@.type == "image").url') #>> '{}', '')`;

/**
 * One chunk of products after `afterId` (id order): their records, the last id, and their variants' records.
 * Products come back as ONE delimited string, and then their variants as another (see the file's comment).
 */
async function loadChunk(
  db: Executor,
  afterId: string | null,
  limit: number,
): Promise<{ products: string; variants: string; lastId: string | null }> {
  const after = afterId === null ? sql`true` : sql`${products.id} > ${afterId}`;
  const [productRow] = await queryRows<{ records: string | null; lastId: string | null }>(
    db,
    sql`select string_agg(record, chr(30) order by id) as records, max(id) as "lastId"
          from (select ${products.id} as id,
                       concat_ws(chr(31), ${clean(sql`${products.id}`)}, ${clean(sql`${products.name}`)},
                         ${clean(sql`${products.brandId}`)}, ${clean(sql`${products.categoryId}`)}, ${products.stockLevel},
                         ${clean(sql`${products.newStockDate}::text`)}, ${specification('material')},
                         ${specification('gender')}, ${specification('season')}, ${clean(sql`${products.url}`)},
                         ${clean(FIRST_IMAGE_URL)}) as record
                  from ${products}
                 where ${products.discontinuedAt} is null and ${after}
                 order by ${products.id}
                 limit ${limit}) as chunk`,
  );
  const lastId = productRow?.lastId ?? null;
  if (lastId === null) return { products: '', variants: '', lastId: null };
  // Codes are not cleaned (translate costs ~0.7 s on 500k rows); a broken record is detected by its field count.
  const variantAfter = afterId === null ? sql`true` : sql`${productVariants.productId} > ${afterId}`;
  const [variantRow] = await queryRows<{ records: string | null }>(
    db,
    sql`select string_agg(concat_ws(chr(31), ${productVariants.productId}, ${productVariants.id},
          coalesce(${productVariants.size}, ''), coalesce(${productVariants.colour}, '')), chr(30)) as records
        from ${productVariants}
       where ${variantAfter} and ${productVariants.productId} <= ${lastId}`,
  );
  return { products: productRow?.records ?? '', variants: variantRow?.records ?? '', lastId };
}

/**
 * Reads everything the search index is built from, as text for search-source.ts to parse (in the index's worker
 * thread): products (not the discontinued ones: they leave search and listings, issue 10) and their variants in
 * chunks of `chunkProducts`, giving the event loop a turn after each query; categories, brands, default facets.
 */
export async function loadSearchSourceText(
  db: Executor,
  chunkProducts = SEARCH_SOURCE_CHUNK_PRODUCTS,
): Promise<SearchSourceText> {
  // Sequential on purpose: PGlite runs one query at a time anyway.
  const categoryRows = await loadCategories(db);
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const defaultFacets = await loadDefaultFacets(db);
  const productChunks: string[] = [];
  const variantChunks: string[] = [];
  let afterId: string | null = null;
  for (;;) {
    const chunk = await loadChunk(db, afterId, chunkProducts);
    await yieldToEventLoop();
    if (chunk.lastId === null) break;
    productChunks.push(chunk.products);
    if (chunk.variants !== '') variantChunks.push(chunk.variants);
    afterId = chunk.lastId;
  }
  return { categories: categoryRows, brands: brandRows, defaultFacets, productChunks, variantChunks };
}

/** The channel writers NOTIFY after changing products, variants, stock or categories; the index refreshes on it. */
export const PRODUCT_CHANGES_CHANNEL = 'product_changes';

/** Tells every API instance listening on PostgreSQL (or this PGlite) that the catalogue changed. */
export async function notifyProductChanges(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${PRODUCT_CHANGES_CHANNEL}, '')`);
}
