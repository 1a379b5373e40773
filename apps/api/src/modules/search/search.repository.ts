/**
 * Drizzle queries that read the catalogue for the search index. PGlite pays ~15 µs per result row, so 100k
 * products and ~500k variants read row by row take 12 s; instead the products, and then the variants, come back as
 * ONE delimited string each, built by string_agg over a sequential scan — under 2 s for the whole catalogue.
 * Fields are separated by U+001F and records by U+001E. Free-text columns have those two characters replaced; a
 * variant record that still does not split into its fields (a code holding them) is skipped and counted.
 * One string per table is fine up to a few million products (V8 strings hold 512 M characters).
 */
import type { AreaId, DefaultFacet } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { queryRows } from '@b2b/db/client';
import { areas, brands, categories, products, productVariants } from '@b2b/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import { type CategoryNode, CategoryTree } from './category-tree.ts';
import type { ProductSummary } from './search-catalogue.ts';
import { type ProductSearchRow, toSearchDocument, type VariantSearchRow } from './search-documents.ts';
import type { SearchDocument } from './search-types.ts';

const FIELD = '\u001f';
const RECORD = '\u001e';

export type SearchSource = {
  documents: SearchDocument[];
  /** What a suggestion shows of each indexed product, by id. */
  summaries: Map<string, ProductSummary>;
  categories: CategoryTree;
  brandNames: Map<string, string>;
  defaultFacets: Map<AreaId, DefaultFacet[]>;
  /** Records that could not be read (a code containing a separator); they are left out of the index. */
  skippedRecords: number;
};

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

async function loadDefaultFacets(db: Executor): Promise<Map<AreaId, DefaultFacet[]>> {
  const rows = await db.select({ id: areas.id, settings: areas.settings }).from(areas);
  return new Map(rows.map((row) => [row.id as AreaId, row.settings.defaultFacets ?? []]));
}

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

/** Every record of one aggregated column, or none. */
async function loadRecords(db: Executor, query: SQL): Promise<string[]> {
  const [row] = await queryRows<{ records: string | null }>(db, query);
  return row?.records ? row.records.split(RECORD) : [];
}

/** The url of a product's first image, for thumbnails (suggestions); '' when it has none. */
const FIRST_IMAGE_URL = sql`coalesce(jsonb_path_query_first(${products.media}, '$[*] ? (@.type == "image").url') #>> '{}', '')`;

const PRODUCT_FIELDS = 11;

async function loadProducts(db: Executor, brandNames: ReadonlyMap<string, string>) {
  const records = await loadRecords(
    db,
    sql`select string_agg(concat_ws(chr(31), ${clean(sql`${products.id}`)}, ${clean(sql`${products.name}`)},
          ${clean(sql`${products.brandId}`)}, ${clean(sql`${products.categoryId}`)}, ${products.stockLevel},
          ${clean(sql`${products.newStockDate}::text`)}, ${specification('material')}, ${specification('gender')},
          ${specification('season')}, ${clean(sql`${products.url}`)}, ${clean(FIRST_IMAGE_URL)}), chr(30)) as records
        from ${products}
       where ${products.discontinuedAt} is null`,
  );
  return records.map((record): ProductSearchRow => {
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
  });
}

const VARIANT_FIELDS = 4;

async function loadVariantsByProduct(
  db: Executor,
): Promise<{ byProduct: Map<string, VariantSearchRow[]>; skipped: number }> {
  // Codes are not cleaned (translate costs ~0.7 s on 500k rows); a broken record is detected by its field count.
  const records = await loadRecords(
    db,
    sql`select string_agg(concat_ws(chr(31), ${productVariants.productId}, ${productVariants.id},
          coalesce(${productVariants.size}, ''), coalesce(${productVariants.colour}, '')), chr(30)) as records
        from ${productVariants}`,
  );
  const byProduct = new Map<string, VariantSearchRow[]>();
  let skipped = 0;
  for (const record of records) {
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

/**
 * Reads everything the search index is built from: products as documents (not the discontinued ones: they leave
 * search and listings, issue 10), categories, brands, default facets.
 */
export async function loadSearchDocuments(db: Executor): Promise<SearchSource> {
  // Sequential on purpose: PGlite runs one query at a time anyway.
  const categoryTree = new CategoryTree(await loadCategories(db));
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const brandNames = new Map(brandRows.map((row) => [row.id, row.name]));
  const defaultFacets = await loadDefaultFacets(db);
  const productRows = await loadProducts(db, brandNames);
  const variants = await loadVariantsByProduct(db);
  const documents: SearchDocument[] = [];
  const summaries = new Map<string, ProductSummary>();
  let skippedRecords = variants.skipped;
  for (const product of productRows) {
    if (product.id === '') {
      skippedRecords++;
      continue;
    }
    documents.push(toSearchDocument(product, variants.byProduct.get(product.id) ?? [], categoryTree));
    summaries.set(product.id, {
      name: product.name,
      url: product.url,
      imageUrl: product.imageUrl,
      brand: product.brandName,
    });
  }
  return { documents, summaries, categories: categoryTree, brandNames, defaultFacets, skippedRecords };
}

/** The channel writers NOTIFY after changing products, variants, stock or categories; the index refreshes on it. */
export const PRODUCT_CHANGES_CHANNEL = 'product_changes';

/** Tells every API instance listening on PostgreSQL (or this PGlite) that the catalogue changed. */
export async function notifyProductChanges(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${PRODUCT_CHANGES_CHANNEL}, '')`);
}
