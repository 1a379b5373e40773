/**
 * Favourite lists (spec §3, §4, §7; issue 26; ADR 026). A list belongs to the customer the request acts for: every
 * user of the customer and a sales rep acting for it see the same lists, and a list of another customer is a 404 like
 * an unknown id. The spec §4 rules themselves are the contract's (favorite-list-rules.ts), shared with the storefront.
 */
import {
  collapseFavoriteProducts,
  DEFAULT_UNIT_OF_MEASURE,
  type FavoriteList,
  type FavoriteProductDetails,
  favoriteListNameKey,
  favoriteProductKeyOf,
  type GetFavoriteListResponse,
  type GetFavoriteListsBySearchResponse,
  MAX_FAVORITE_LISTS,
  nextFavoriteListName,
} from '@b2b/contract';
import type { EndpointParsedInput } from '@b2b/contract/endpoint';
import type { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import { isUniqueViolation } from '@b2b/db';
import { type ContextCustomer, inTransaction, type RequestContext, requireCustomer } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { lineLimitOf } from '../customer/buying-limits.ts';
import { describeProduct, recordImpersonationAction } from '../impersonation/impersonation-actions.ts';
import { getPrices } from '../price/price.service.ts';
import {
  deleteFavoriteListRow,
  type FavoriteCatalogueProductRow,
  type FavoriteCatalogueVariantRow,
  type FavoriteListProductRow,
  type FavoriteListRow,
  type FavoriteListSorting,
  findFavoriteCatalogue,
  findFavoriteList,
  findFavoriteListByNameKey,
  findFavoriteListNames,
  findFavoriteListProducts,
  insertFavoriteList,
  lockFavoriteListsOfCustomer,
  replaceFavoriteListProducts,
  searchFavoriteLists,
  type Timestamp,
  touchFavoriteList,
  updateFavoriteListIfVersion,
} from './favorite-list.repository.ts';

type SaveInput = EndpointParsedInput<typeof favoriteListEndpoints.addOrUpdateFavoriteList>['body']['favouriteList'];
type SearchQuery = EndpointParsedInput<typeof favoriteListEndpoints.getFavoriteListsBySearch>['query'];

function isoOf(value: Timestamp): string {
  return new Date(value).toISOString();
}

function listNotFound(): AppError {
  return new AppError('NotFoundException', 'Favourite list not found.');
}

function toProduct(row: Omit<FavoriteListProductRow, 'listId'>): FavoriteList['products'][number] {
  return {
    productId: row.productId,
    variantId: row.variantId,
    unitOfMeasure: row.unitOfMeasure,
    addedAt: isoOf(row.addedAt),
  };
}

function toFavoriteList(
  row: FavoriteListRow,
  products: ReadonlyArray<Omit<FavoriteListProductRow, 'listId'>>,
  activeListId: string | null,
): FavoriteList {
  return {
    listId: row.id,
    listName: row.name,
    products: products.map(toProduct),
    productCount: products.length,
    version: row.version,
    isActive: row.id === activeListId,
    touchedAt: isoOf(row.touchedAt),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}

/** The customer's active list (spec §4: the most recently touched), or null. */
async function findActiveListId(ctx: RequestContext, customerId: string): Promise<string | null> {
  const { activeListId } = await searchFavoriteLists(ctx.db, {
    customerId,
    search: '',
    productFacets: [],
    sortings: [],
    skip: 0,
    take: 0,
  });
  return activeListId;
}

/** The list as it is now, with its products (inside the caller's transaction). */
async function readFavoriteList(ctx: RequestContext, row: FavoriteListRow, customerId: string): Promise<FavoriteList> {
  const [products, activeListId] = await Promise.all([
    findFavoriteListProducts(ctx.db, [row.id]),
    findActiveListId(ctx, customerId),
  ]);
  return toFavoriteList(row, products, activeListId);
}

type Catalogue = {
  products: Map<string, FavoriteCatalogueProductRow>;
  variants: Map<string, FavoriteCatalogueVariantRow>;
};

async function loadCatalogue(
  ctx: RequestContext,
  keys: ReadonlyArray<{ productId: string; variantId?: string | null | undefined }>,
): Promise<Catalogue> {
  const { products, variants } = await findFavoriteCatalogue(ctx.db, {
    productIds: [...new Set(keys.map((key) => key.productId))],
    variantIds: [...new Set(keys.flatMap((key) => (key.variantId ? [key.variantId] : [])))],
  });
  return {
    products: new Map(products.map((row) => [row.id, row])),
    variants: new Map(variants.map((row) => [row.id, row])),
  };
}

/**
 * The products a save keeps: each key once (issue 26: a product twice collapses into one), each naming a product
 * (and a variant of it) in the product's unit. A product the list does not hold yet must still be sold; one it holds
 * may stay after it was discontinued, so a list with such a product can still be saved (the buyer removes it when
 * they choose). The first refused product answers 400 naming its field and its item number.
 */
function checkProducts(
  requested: SaveInput['products'],
  catalogue: Catalogue,
  heldKeys: ReadonlySet<string>,
): Array<{ productId: string; variantId: string | null; unitOfMeasure: string }> {
  for (const [index, key] of requested.entries()) {
    const field = `favouriteList.products.${index}`;
    const product = catalogue.products.get(key.productId);
    if (!product) throw validationError(`${field}.productId`, `names no product: ${key.productId}`);
    const variantId = key.variantId ?? null;
    if (variantId !== null && catalogue.variants.get(variantId)?.productId !== key.productId) {
      throw validationError(`${field}.variantId`, `is not a variant of ${key.productId}: ${variantId}`);
    }
    const unitOfMeasure = key.unitOfMeasure ?? DEFAULT_UNIT_OF_MEASURE;
    if (unitOfMeasure !== product.unitOfMeasure) {
      throw validationError(`${field}.unitOfMeasure`, `must be ${product.unitOfMeasure} for ${key.productId}`);
    }
    if (product.isDiscontinued && !heldKeys.has(favoriteProductKeyOf({ ...key, unitOfMeasure }))) {
      throw validationError(`${field}.productId`, `is no longer sold: ${variantId ?? key.productId}`);
    }
  }
  return collapseFavoriteProducts(
    requested.map((key) => ({
      productId: key.productId,
      variantId: key.variantId ?? null,
      unitOfMeasure: key.unitOfMeasure ?? DEFAULT_UNIT_OF_MEASURE,
    })),
  );
}

/** 400 on the name when another list of the customer has it (regardless of case and surrounding spaces). */
async function checkNameIsFree(
  ctx: RequestContext,
  input: { customerId: string; name: string; listId: string | null },
): Promise<void> {
  const holder = await findFavoriteListByNameKey(ctx.db, {
    customerId: input.customerId,
    nameKey: favoriteListNameKey(input.name),
  });
  if (holder && holder.id !== input.listId) {
    throw validationError('favouriteList.listName', `is already the name of the list "${holder.name}"`);
  }
}

function describeKeys(keys: ReadonlyArray<{ productId: string; variantId: string | null }>, catalogue: Catalogue) {
  return keys
    .map((key) => describeProduct({ ...key, name: catalogue.products.get(key.productId)?.name ?? key.productId }))
    .join(', ');
}

/**
 * POST AddOrUpdateFavoriteList. Without listId: a new list, touched, so the active one (at most 100 a customer;
 * without a name, the spec §4 default). With listId: the name and the whole product list replaced, only if `version`
 * is the list's current version (else 409 FavoriteListHasBeenModifiedException naming the list, nothing changed);
 * products the list keeps keep the time they were added. A rep's save is recorded in the impersonation session.
 */
export async function addOrUpdateFavoriteList(
  ctx: RequestContext,
  input: { favouriteList: SaveInput },
): Promise<FavoriteList> {
  const customer = requireCustomer(ctx);
  const requested = input.favouriteList;
  try {
    return await inTransaction(ctx, (txCtx) =>
      requested.listId
        ? updateList(txCtx, customer, { ...requested, listId: requested.listId })
        : createList(txCtx, customer, requested),
    );
  } catch (error) {
    // Two saves that take one name at the same moment: the unique index refuses the second.
    if (isUniqueViolation(error)) {
      throw validationError('favouriteList.listName', 'is already the name of another list');
    }
    throw error;
  }
}

async function createList(ctx: RequestContext, customer: ContextCustomer, requested: SaveInput) {
  await lockFavoriteListsOfCustomer(ctx.db, customer.id);
  const names = await findFavoriteListNames(ctx.db, customer.id);
  if (names.length >= MAX_FAVORITE_LISTS) {
    throw validationError('favouriteList', `cannot be added: a customer keeps at most ${MAX_FAVORITE_LISTS} lists`);
  }
  const name = requested.listName ?? nextFavoriteListName(names);
  await checkNameIsFree(ctx, { customerId: customer.id, name, listId: null });
  const catalogue = await loadCatalogue(ctx, requested.products);
  const products = checkProducts(requested.products, catalogue, new Set());
  const row = await insertFavoriteList(ctx.db, { customerId: customer.id, name, nameKey: favoriteListNameKey(name) });
  const addedAt = new Date();
  const saved = products.map((product) => ({ ...product, addedAt }));
  await replaceFavoriteListProducts(ctx.db, row.id, saved);
  await recordImpersonationAction(ctx, {
    kind: 'FavoriteList.AddOrUpdateFavoriteList',
    summary:
      `Created the favourite list "${name}"` +
      (products.length > 0 ? ` with ${describeKeys(products, catalogue)}` : ''),
    details: { listId: row.id, added: products },
  });
  return toFavoriteList(row, saved, row.id);
}

async function updateList(
  ctx: RequestContext,
  customer: ContextCustomer,
  requested: SaveInput & { listId: string },
): Promise<FavoriteList> {
  const scope = { listId: requested.listId, customerId: customer.id };
  const before = await findFavoriteList(ctx.db, scope);
  if (!before) throw listNotFound();
  const name = requested.listName ?? before.name;
  if (requested.version !== before.version) throw listModified(before);
  await checkNameIsFree(ctx, { customerId: customer.id, name, listId: before.id });
  const held = await findFavoriteListProducts(ctx.db, [before.id]);
  const heldByKey = new Map(held.map((row) => [favoriteProductKeyOf(row), row]));
  const catalogue = await loadCatalogue(ctx, requested.products);
  const products = checkProducts(requested.products, catalogue, new Set(heldByKey.keys()));
  // The version is checked again in the statement that raises it: a save that committed since the read above wins,
  // and this one changes nothing (its transaction rolls back with the 409).
  const row = await updateFavoriteListIfVersion(ctx.db, {
    ...scope,
    version: before.version,
    name,
    nameKey: favoriteListNameKey(name),
  });
  if (!row) throw listModified(before);
  const now = new Date();
  const saved = products.map((product) => ({
    ...product,
    addedAt: heldByKey.get(favoriteProductKeyOf(product))?.addedAt ?? now,
  }));
  await replaceFavoriteListProducts(ctx.db, row.id, saved);

  const keptKeys = new Set(products.map(favoriteProductKeyOf));
  const added = products.filter((product) => !heldByKey.has(favoriteProductKeyOf(product)));
  const removed = held.filter((product) => !keptKeys.has(favoriteProductKeyOf(product)));
  const changes = [
    ...(name !== before.name ? [`renamed from "${before.name}"`] : []),
    ...(added.length > 0 ? [`added ${describeKeys(added, catalogue)}`] : []),
    ...(removed.length > 0 ? [`removed ${removed.map((key) => key.variantId ?? key.productId).join(', ')}`] : []),
  ];
  await recordImpersonationAction(ctx, {
    kind: 'FavoriteList.AddOrUpdateFavoriteList',
    summary: `Saved the favourite list "${name}"${changes.length > 0 ? `: ${changes.join('; ')}` : ' unchanged'}`,
    details: {
      listId: row.id,
      added: added.map(({ productId, variantId, unitOfMeasure }) => ({ productId, variantId, unitOfMeasure })),
      removed: removed.map(({ productId, variantId, unitOfMeasure }) => ({ productId, variantId, unitOfMeasure })),
    },
  });
  return readFavoriteList(ctx, row, customer.id);
}

function listModified(list: FavoriteListRow): AppError {
  return new AppError(
    'FavoriteListHasBeenModifiedException',
    `The favourite list "${list.name}" was changed meanwhile (now version ${list.version}); nothing was saved. ` +
      'Read it again and repeat the change.',
    [{ field: 'favouriteList.version', message: `is not the list's current version ${list.version}` }],
  );
}

/** DELETE DeleteFavoriteList: the list and its products; the next most recently touched list becomes active. */
export async function deleteFavoriteList(ctx: RequestContext, input: { listId: string }): Promise<void> {
  const customer = requireCustomer(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const scope = { listId: input.listId, customerId: customer.id };
    const list = await findFavoriteList(txCtx.db, scope);
    if (!list || !(await deleteFavoriteListRow(txCtx.db, scope))) throw listNotFound();
    await recordImpersonationAction(txCtx, {
      kind: 'FavoriteList.DeleteFavoriteList',
      summary: `Deleted the favourite list "${list.name}"`,
      details: { listId: list.id },
    });
  });
}

/** PUT SetFavoriteListActive: touches the list, which moves it to the front (spec §4); nothing else changes. */
export async function setFavoriteListActive(
  ctx: RequestContext,
  input: { favoriteListId: string },
): Promise<FavoriteList> {
  const customer = requireCustomer(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const row = await touchFavoriteList(txCtx.db, { listId: input.favoriteListId, customerId: customer.id });
    if (!row) throw listNotFound();
    await recordImpersonationAction(txCtx, {
      kind: 'FavoriteList.SetFavoriteListActive',
      summary: `Set the favourite list "${row.name}" active`,
      details: { listId: row.id },
    });
    return readFavoriteList(txCtx, row, customer.id);
  });
}

/** The facet values of the query: `Facets[i].Values` split at commas (spec §9), per facet given. */
function productFacetsOf(query: SearchQuery): string[][] {
  const facets: string[][] = [];
  for (const [field, values] of [
    [query['Facets[0].Field'], query['Facets[0].Values']],
    [query['Facets[1].Field'], query['Facets[1].Values']],
  ] as const) {
    if (field === undefined && values === undefined) continue;
    const index = facets.length;
    if (field === undefined) throw validationError(`Facets[${index}].Field`, 'must be given with Values');
    const ids = (values ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (ids.length === 0) throw validationError(`Facets[${index}].Values`, 'must name at least one item number');
    facets.push(ids);
  }
  return facets;
}

function sortingsOf(query: SearchQuery): FavoriteListSorting[] {
  const sortings: FavoriteListSorting[] = [];
  for (const [index, field, direction] of [
    [0, query['Sorting[0].Field'], query['Sorting[0].Direction']],
    [1, query['Sorting[1].Field'], query['Sorting[1].Direction']],
  ] as const) {
    if (field === undefined) {
      if (direction !== undefined) throw validationError(`Sorting[${index}].Field`, 'must be given with Direction');
      continue;
    }
    sortings.push({ column: field, isDescending: (direction ?? 'Descending') === 'Descending' });
  }
  return sortings;
}

/**
 * GET GetFavoriteListsBySearch: the customer's lists whose name contains Search and that hold a product of each
 * facet, sorted (default: touchedAt descending, the active list first, spec §4) and paged by Skip and Take.
 */
export async function getFavoriteListsBySearch(
  ctx: RequestContext,
  query: SearchQuery,
): Promise<GetFavoriteListsBySearchResponse> {
  const customer = requireCustomer(ctx);
  const result = await searchFavoriteLists(ctx.db, {
    customerId: customer.id,
    search: query.Search.trim(),
    productFacets: productFacetsOf(query),
    sortings: sortingsOf(query),
    skip: query.Skip,
    take: query.Take,
  });
  const products = await findFavoriteListProducts(
    ctx.db,
    result.rows.map((row) => row.id),
  );
  const productsByList = new Map<string, FavoriteListProductRow[]>();
  for (const product of products) {
    const ofList = productsByList.get(product.listId);
    if (ofList) ofList.push(product);
    else productsByList.set(product.listId, [product]);
  }
  return {
    items: result.rows.map((row) => ({
      item: toFavoriteList(row, productsByList.get(row.id) ?? [], result.activeListId),
      sourceFields: query.IncludeSourceFields ? { touchedAt: isoOf(row.touchedAt) } : null,
    })),
    totalItems: result.total,
    listCount: result.listCount,
    activeListId: result.activeListId,
  };
}

function detailsOf(
  key: { productId: string; variantId: string | null },
  catalogue: Catalogue,
  netUnitPrice: number | null,
): FavoriteProductDetails {
  const product = catalogue.products.get(key.productId) as FavoriteCatalogueProductRow;
  const variant = key.variantId === null ? undefined : catalogue.variants.get(key.variantId);
  const image = product.media.find((media) => media.type === 'image');
  return {
    name: product.name,
    variantName: variant?.name ?? null,
    size: variant?.size ?? null,
    colour: variant?.colour ?? null,
    brand: product.brand,
    url: product.url,
    imageUrl: image?.url ?? null,
    imageAlt: image?.type === 'image' ? image.alt : product.name,
    netUnitPrice,
    stockLevel: variant ? variant.stockLevel : product.stockLevel,
    newStockDate: variant ? variant.newStockDate : product.newStockDate,
    isDiscontinued: product.isDiscontinued,
    maxLineQuantity: lineLimitOf(product.maxLineQuantity),
  };
}

/**
 * GET GetFavoriteList: the list with what the list page shows of each product, read in a fixed number of queries
 * (the list, its products, the catalogue rows, the prices), never one per product. Prices are the customer's net
 * prices in its own currency (spec §1), whatever currency the area names.
 */
export async function getFavoriteList(
  ctx: RequestContext,
  input: { listId: string },
): Promise<GetFavoriteListResponse> {
  const customer = requireCustomer(ctx);
  const row = await findFavoriteList(ctx.db, { listId: input.listId, customerId: customer.id });
  if (!row) throw listNotFound();
  const [products, activeListId] = await Promise.all([
    findFavoriteListProducts(ctx.db, [row.id]),
    findActiveListId(ctx, customer.id),
  ]);
  const [catalogue, prices] = await Promise.all([
    loadCatalogue(ctx, products),
    products.length === 0 ? { prices: [] } : getPrices(ctx, { currencyCode: customer.currencyCode, products }),
  ]);
  const priceByKey = new Map(
    prices.prices.map((price) => [favoriteProductKeyOf(price), price.netUnitPrice.priceWithoutVat]),
  );
  const list = toFavoriteList(row, products, activeListId);
  return {
    ...list,
    products: list.products.map((product) => ({
      ...product,
      details: detailsOf(product, catalogue, priceByKey.get(favoriteProductKeyOf(product)) ?? null),
    })),
    currencyCode: customer.currencyCode,
  };
}
