/**
 * Queries of the favourite lists (ADR 026), always scoped to the customer: a list of another customer is never
 * found. No business rules here (favorite-list.service.ts).
 */
import { type Executor, queryRows } from '@b2b/db';
import {
  brands,
  favoriteListProducts,
  favoriteLists,
  type ProductMedia,
  products,
  productVariants,
  stockLevels,
} from '@b2b/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';

/** A timestamp as a raw query answers it: a Date from node-postgres, text from PGlite. */
export type Timestamp = Date | string;

export type FavoriteListRow = {
  id: string;
  name: string;
  version: number;
  touchedAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type FavoriteListProductRow = {
  listId: string;
  productId: string;
  variantId: string | null;
  unitOfMeasure: string;
  addedAt: Timestamp;
};

export type ListScope = { listId: string; customerId: string };

const LIST_COLUMNS = sql`l.id, l.name, l.version, l.touched_at as "touchedAt", l.created_at as "createdAt",
  l.updated_at as "updatedAt"`;

/**
 * A moment after every list of the customer was touched, and not before now: a list touched with it is strictly the
 * newest (spec §4: setting a list active moves it to the front), even when two touches fall on one clock tick. A
 * millisecond apart, so the order survives JavaScript's dates (the contract's ordering rule).
 */
function nextTouchOf(customerId: string): SQL {
  return sql`greatest(clock_timestamp(), (select max(t.touched_at) + interval '1 millisecond'
    from ${favoriteLists} t where t.customer_id = ${customerId}))`;
}

/**
 * Serialises the writes that count the customer's lists (create), until the transaction ends: two creations at
 * once cannot both see 99 lists and make 101.
 */
export async function lockFavoriteListsOfCustomer(db: Executor, customerId: string): Promise<void> {
  await queryRows(db, sql`select pg_advisory_xact_lock(hashtextextended(${`favorite_lists:${customerId}`}, 0))`);
}

/** The names of all the customer's lists (at most 100), for the count and the default name. */
export async function findFavoriteListNames(db: Executor, customerId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from ${favoriteLists} where customer_id = ${customerId}`,
  );
  return rows.map((row) => row.name);
}

/** The list with this name key (trimmed, lower case), if the customer has one. */
export async function findFavoriteListByNameKey(
  db: Executor,
  input: { customerId: string; nameKey: string },
): Promise<{ id: string; name: string } | null> {
  const [row] = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from ${favoriteLists} where customer_id = ${input.customerId} and name_key = ${input.nameKey}`,
  );
  return row ?? null;
}

/** A new list, touched (so the active one). */
export async function insertFavoriteList(
  db: Executor,
  input: { customerId: string; name: string; nameKey: string },
): Promise<FavoriteListRow> {
  const [row] = await queryRows<FavoriteListRow>(
    db,
    sql`insert into ${favoriteLists} as l (customer_id, name, name_key, touched_at)
        values (${input.customerId}, ${input.name}, ${input.nameKey}, ${nextTouchOf(input.customerId)})
        returning ${LIST_COLUMNS}`,
  );
  return row as FavoriteListRow;
}

/**
 * Renames the list and raises its version, only if its version is still `version`: the check and the change are one
 * statement, so of two saves of one version exactly one passes. Null when the list is not the customer's or the
 * version is stale.
 */
export async function updateFavoriteListIfVersion(
  db: Executor,
  input: ListScope & { version: number; name: string; nameKey: string },
): Promise<FavoriteListRow | null> {
  const [row] = await queryRows<FavoriteListRow>(
    db,
    sql`update ${favoriteLists} as l
        set name = ${input.name}, name_key = ${input.nameKey}, version = l.version + 1, updated_at = clock_timestamp()
        where l.id = ${input.listId} and l.customer_id = ${input.customerId} and l.version = ${input.version}
        returning ${LIST_COLUMNS}`,
  );
  return row ?? null;
}

/** Touches the list (spec §4: set active moves it to the front); null when it is not the customer's. */
export async function touchFavoriteList(db: Executor, scope: ListScope): Promise<FavoriteListRow | null> {
  const [row] = await queryRows<FavoriteListRow>(
    db,
    sql`update ${favoriteLists} as l set touched_at = ${nextTouchOf(scope.customerId)}
        where l.id = ${scope.listId} and l.customer_id = ${scope.customerId}
        returning ${LIST_COLUMNS}`,
  );
  return row ?? null;
}

export async function findFavoriteList(db: Executor, scope: ListScope): Promise<FavoriteListRow | null> {
  const [row] = await queryRows<FavoriteListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${favoriteLists} l where l.id = ${scope.listId} and l.customer_id = ${scope.customerId}`,
  );
  return row ?? null;
}

/** Deletes the list and its products; false when it is not the customer's. */
export async function deleteFavoriteListRow(db: Executor, scope: ListScope): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from ${favoriteLists} where id = ${scope.listId} and customer_id = ${scope.customerId} returning id`,
  );
  return rows.length > 0;
}

/** The products of the lists, each list's in the order they were added. */
export async function findFavoriteListProducts(
  db: Executor,
  listIds: readonly string[],
): Promise<FavoriteListProductRow[]> {
  if (listIds.length === 0) return [];
  return queryRows<FavoriteListProductRow>(
    db,
    sql`select list_id as "listId", product_id as "productId", variant_id as "variantId",
               unit_of_measure as "unitOfMeasure", added_at as "addedAt"
        from ${favoriteListProducts}
        where list_id = any(${sql.param([...listIds])}::uuid[])
        order by list_id, position`,
  );
}

/** Replaces the list's products with these, in this order (one delete, one insert). */
export async function replaceFavoriteListProducts(
  db: Executor,
  listId: string,
  rows: ReadonlyArray<Omit<FavoriteListProductRow, 'listId'>>,
): Promise<void> {
  await queryRows(db, sql`delete from ${favoriteListProducts} where list_id = ${listId}`);
  if (rows.length === 0) return;
  await queryRows(
    db,
    sql`insert into ${favoriteListProducts} (list_id, product_id, variant_id, variant_key, unit_of_measure, position, added_at)
        select ${listId}, p.product_id, nullif(p.variant_key, ''), p.variant_key, p.unit_of_measure, p.position, p.added_at
        from unnest(${sql.param(rows.map((row) => row.productId))}::text[],
                    ${sql.param(rows.map((row) => row.variantId ?? ''))}::text[],
                    ${sql.param(rows.map((row) => row.unitOfMeasure))}::text[],
                    ${sql.param(rows.map((row) => new Date(row.addedAt).toISOString()))}::timestamptz[])
             with ordinality as p(product_id, variant_key, unit_of_measure, added_at, position)`,
  );
}

export type FavoriteListSorting = {
  column: 'touchedAt' | 'listName' | 'createdAt' | 'updatedAt' | 'productCount';
  isDescending: boolean;
};

export type FavoriteListSearch = {
  customerId: string;
  /** Part of the name, case-insensitive; empty for all. */
  search: string;
  /** Each facet keeps the lists holding any of its item or variant numbers; all facets must hold. */
  productFacets: ReadonlyArray<readonly string[]>;
  sortings: readonly FavoriteListSorting[];
  skip: number;
  take: number;
};

const SORT_COLUMNS: Record<FavoriteListSorting['column'], SQL> = {
  touchedAt: sql`l."touchedAt"`,
  listName: sql`lower(l.name)`,
  createdAt: sql`l."createdAt"`,
  updatedAt: sql`l."updatedAt"`,
  productCount: sql`l."productCount"`,
};

export type FavoriteListSearchRow = FavoriteListRow & { productCount: number };

/**
 * One page of the customer's matching lists with their product counts, how many match, how many lists the customer
 * has, and its active list (the most recently touched, spec §4), in one statement.
 */
export async function searchFavoriteLists(
  db: Executor,
  search: FavoriteListSearch,
): Promise<{ rows: FavoriteListSearchRow[]; total: number; listCount: number; activeListId: string | null }> {
  const conditions: SQL[] = [sql`l.customer_id = ${search.customerId}`];
  if (search.search !== '') conditions.push(sql`l.name ilike ${containsPattern(search.search)}`);
  for (const values of search.productFacets) {
    conditions.push(sql`exists (select 1 from ${favoriteListProducts} f where f.list_id = l.id
      and (f.product_id = any(${sql.param([...values])}::text[]) or f.variant_id = any(${sql.param([...values])}::text[])))`);
  }
  const orderBy = [
    ...search.sortings.map(
      (sorting) => sql`${SORT_COLUMNS[sorting.column]} ${sql.raw(sorting.isDescending ? 'desc' : 'asc')}`,
    ),
    // The spec §4 order breaks every tie, so pages never overlap.
    sql`l."touchedAt" desc`,
    sql`l.id asc`,
  ];
  const rows = await queryRows<
    FavoriteListSearchRow & { total: number; listCount: number; activeListId: string | null }
  >(
    db,
    sql`with matching as (
          select ${LIST_COLUMNS},
                 (select count(*)::int from ${favoriteListProducts} c where c.list_id = l.id) as "productCount"
          from ${favoriteLists} l
          where ${sql.join(conditions, sql` and `)}
        ),
        stats as (
          select (select count(*)::int from matching) as total,
                 (select count(*)::int from ${favoriteLists} a where a.customer_id = ${search.customerId}) as "listCount",
                 (select a.id from ${favoriteLists} a where a.customer_id = ${search.customerId}
                  order by a.touched_at desc, a.id asc limit 1) as "activeListId"
        )
        select s.total, s."listCount", s."activeListId", page.*
        from stats s
        left join lateral (
          select l.* from matching l order by ${sql.join(orderBy, sql`, `)} limit ${search.take} offset ${search.skip}
        ) page on true`,
  );
  const [first] = rows;
  return {
    rows: rows.filter((row) => row.id !== null && row.id !== undefined),
    total: first?.total ?? 0,
    listCount: first?.listCount ?? 0,
    activeListId: first?.activeListId ?? null,
  };
}

/** What a list needs to know of a product: to check it may be saved, and to show it (one query per table). */
export type FavoriteCatalogueProductRow = {
  id: string;
  name: string;
  url: string;
  brand: string;
  unitOfMeasure: string;
  media: ProductMedia[];
  stockLevel: number;
  newStockDate: string | null;
  maxLineQuantity: number | null;
  isDiscontinued: boolean;
};

export type FavoriteCatalogueVariantRow = {
  id: string;
  productId: string;
  name: string;
  size: string | null;
  colour: string | null;
  stockLevel: number;
  newStockDate: string | null;
};

export async function findFavoriteCatalogue(
  db: Executor,
  input: { productIds: readonly string[]; variantIds: readonly string[] },
): Promise<{ products: FavoriteCatalogueProductRow[]; variants: FavoriteCatalogueVariantRow[] }> {
  const [productRows, variantRows] = await Promise.all([
    input.productIds.length === 0
      ? []
      : queryRows<FavoriteCatalogueProductRow>(
          db,
          sql`select p.id, p.name, p.url, b.name as brand, p.unit_of_measure as "unitOfMeasure", p.media,
                     p.stock_level as "stockLevel", p.new_stock_date::text as "newStockDate",
                     p.max_line_quantity as "maxLineQuantity", p.discontinued_at is not null as "isDiscontinued"
              from ${products} p join ${brands} b on b.id = p.brand_id
              where p.id = any(${sql.param([...input.productIds])}::text[])`,
        ),
    input.variantIds.length === 0
      ? []
      : queryRows<FavoriteCatalogueVariantRow>(
          db,
          sql`select v.id, v.product_id as "productId", v.name, v.size, v.colour,
                     coalesce((select greatest(s.quantity_on_hand - s.quantity_reserved, 0) from ${stockLevels} s
                               where s.variant_id = v.id), 0)::int as "stockLevel",
                     (select s.new_stock_date::text from ${stockLevels} s where s.variant_id = v.id) as "newStockDate"
              from ${productVariants} v
              where v.id = any(${sql.param([...input.variantIds])}::text[])`,
        ),
  ]);
  return { products: productRows, variants: variantRows };
}
