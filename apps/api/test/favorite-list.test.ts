/**
 * Favourite lists (spec §3, §4, §5, §7; issue 26; ADR 026) against a real database: the five calls, lists shared by
 * the customer's users and a rep acting for it, foreign ids, names and limits, products checked and collapsed, stale
 * versions, a rep's writes recorded, required parameters and unknown fields.
 */
import type { EndpointDefinition } from '@b2b/contract/endpoint';
import { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import { favoriteLists, impersonationActions, products, stockLevels } from '@b2b/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice } from './support/factories.ts';
import { type Buyer, createBuyer, createRep, createStaff, impersonate } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;
const tokens = { buyer: '', colleague: '', other: '', staff: '', rep: '', impersonation: '' };

const AREA_QUERY = { 'Area.AreaId': 'eu', 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR' };
const SEARCH_ALL = { ...AREA_QUERY, Skip: 0, Take: 15, Search: '' };
const UNKNOWN_LIST_ID = '00000000-0000-4000-8000-000000000000';
const JACKET_M = { productId: 'FAV-JACKET', variantId: 'FAV-JACKET-M' };
const JACKET_L = { productId: 'FAV-JACKET', variantId: 'FAV-JACKET-L' };
const WAX = { productId: 'FAV-WAX' };

beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: 'error' });
  const { db } = testApp;
  await createProduct(db, 'FAV-JACKET', ['FAV-JACKET-M', 'FAV-JACKET-L']);
  await createProduct(db, 'FAV-WAX');
  await createProduct(db, 'FAV-OLD');
  await createProduct(db, 'FAV-SOON-OLD');
  await db.update(products).set({ discontinuedAt: new Date() }).where(eq(products.id, 'FAV-OLD'));
  await setPrice(db, { productId: 'FAV-JACKET', currencyCode: 'EUR', unitPriceMinor: 12_345 });
  await setPrice(db, { productId: 'FAV-WAX', currencyCode: 'EUR', unitPriceMinor: 499 });
  await setStock(db, 'FAV-JACKET-M', 40, 3);
  await db.update(stockLevels).set({ newStockDate: '2027-02-15' }).where(eq(stockLevels.variantId, 'FAV-JACKET-M'));
  await db.update(products).set({ stockLevel: 7 }).where(eq(products.id, 'FAV-WAX'));

  buyer = await createBuyer(testApp, { username: 'fav-buyer' });
  tokens.buyer = buyer.token;
  tokens.colleague = (
    await createBuyer(testApp, { username: 'fav-colleague', existingCustomer: buyer.customer })
  ).token;
  tokens.other = (await createBuyer(testApp, { username: 'fav-other' })).token;
  tokens.staff = (await createStaff(testApp, { username: 'fav-staff' })).token;
  const rep = await createRep(testApp, [buyer.customerId], { username: 'fav-rep' });
  tokens.rep = rep.token;
  tokens.impersonation = await impersonate(testApp, rep.token, buyer.customer.customerNumber);
});

afterAll(async () => {
  await testApp?.close();
});

async function call(endpoint: EndpointDefinition, token: string, input: { body?: unknown; query?: object }) {
  return callEndpoint(testApp.app, endpoint, {
    token,
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.query ? { query: input.query as Record<string, string | number | undefined> } : {}),
  });
}

async function save(token: string, favouriteList: Record<string, unknown>) {
  return expectOk(
    favoriteListEndpoints.addOrUpdateFavoriteList,
    await call(favoriteListEndpoints.addOrUpdateFavoriteList, token, { body: { area: EU_AREA, favouriteList } }),
  );
}

async function search(token: string, query: Record<string, string | number | undefined> = {}) {
  return expectOk(
    favoriteListEndpoints.getFavoriteListsBySearch,
    await call(favoriteListEndpoints.getFavoriteListsBySearch, token, { query: { ...SEARCH_ALL, ...query } }),
  );
}

async function getList(token: string, listId: string) {
  return expectOk(
    favoriteListEndpoints.getFavoriteList,
    await call(favoriteListEndpoints.getFavoriteList, token, { query: { ...AREA_QUERY, ListId: listId } }),
  );
}

async function setActive(token: string, listId: string) {
  return expectOk(
    favoriteListEndpoints.setFavoriteListActive,
    await call(favoriteListEndpoints.setFavoriteListActive, token, { body: { area: EU_AREA, favoriteListId: listId } }),
  );
}

/** A fresh customer with one user, for tests that count or order lists from nothing. */
async function freshBuyer(username: string) {
  return createBuyer(testApp, { username });
}

describe('lists of the customer (spec §4)', () => {
  it('names a new list "Favorite list", then "Favorite list (2)"; the newest is active and first', async () => {
    const { token } = await freshBuyer('fav-names');
    expect(await search(token)).toEqual({ items: [], totalItems: 0, listCount: 0, activeListId: null });

    const first = await save(token, { products: [] });
    expect(first).toMatchObject({ listName: 'Favorite list', version: 1, isActive: true, productCount: 0 });
    const second = await save(token, { products: [] });
    expect(second).toMatchObject({ listName: 'Favorite list (2)', version: 1, isActive: true });

    const found = await search(token, { 'Sorting[0].Field': 'touchedAt', 'Sorting[0].Direction': 'Descending' });
    expect(found.items.map(({ item }) => [item.listName, item.isActive])).toEqual([
      ['Favorite list (2)', true],
      ['Favorite list', false],
    ]);
    expect(found).toMatchObject({ totalItems: 2, listCount: 2, activeListId: second.listId });
  });

  it('SetFavoriteListActive moves the list to the front and changes nothing else', async () => {
    const { token } = await freshBuyer('fav-active');
    const older = await save(token, { listName: 'Summer', products: [WAX] });
    const newer = await save(token, { listName: 'Winter', products: [] });
    expect((await search(token)).activeListId).toBe(newer.listId);

    const activated = await setActive(token, older.listId);
    expect(activated).toMatchObject({ listId: older.listId, listName: 'Summer', version: 1, isActive: true });
    expect(activated.products.map((product) => product.productId)).toEqual(['FAV-WAX']);
    expect(Date.parse(activated.touchedAt)).toBeGreaterThan(Date.parse(newer.touchedAt));

    const found = await search(token);
    expect(found.activeListId).toBe(older.listId);
    expect(found.items.map(({ item }) => item.listName)).toEqual(['Summer', 'Winter']);
    // Twice in a row keeps it first (the touch is strictly newer than any other list's).
    await setActive(token, newer.listId);
    await setActive(token, older.listId);
    expect((await search(token)).items[0]?.item.listId).toBe(older.listId);
  });

  it('every user of the customer and a rep acting for it see and change the same lists', async () => {
    const list = await save(tokens.buyer, { listName: 'Shared', products: [WAX] });
    for (const token of [tokens.colleague, tokens.impersonation]) {
      const seen = await getList(token, list.listId);
      expect(seen.listName).toBe('Shared');
    }
    const byColleague = await save(tokens.colleague, {
      listId: list.listId,
      listName: 'Shared',
      version: list.version,
      products: [WAX, JACKET_M],
    });
    expect(byColleague.version).toBe(2);
    expect((await getList(tokens.buyer, list.listId)).products.map((product) => product.variantId)).toEqual([
      null,
      'FAV-JACKET-M',
    ]);
  });
});

describe('GetFavoriteList: what the list page shows, in one call', () => {
  it('answers each product with name, variant, image, net price, stock, arrival and when it was added', async () => {
    const created = await save(tokens.buyer, { listName: 'Page', products: [JACKET_M, WAX] });
    const list = await getList(tokens.buyer, created.listId);
    expect(list).toMatchObject({ listId: created.listId, listName: 'Page', version: 1, currencyCode: 'EUR' });
    expect(list.products).toEqual([
      {
        productId: 'FAV-JACKET',
        variantId: 'FAV-JACKET-M',
        unitOfMeasure: 'STK',
        addedAt: created.products[0]?.addedAt,
        details: {
          name: 'Product FAV-JACKET',
          variantName: 'Variant FAV-JACKET-M',
          size: null,
          colour: null,
          brand: 'Test brand',
          url: '/test-category/FAV-JACKET',
          imageUrl: null,
          imageAlt: 'Product FAV-JACKET',
          netUnitPrice: 123.45,
          stockLevel: 37,
          newStockDate: '2027-02-15',
          isDiscontinued: false,
          maxLineQuantity: expect.any(Number),
        },
      },
      {
        productId: 'FAV-WAX',
        variantId: null,
        unitOfMeasure: 'STK',
        addedAt: created.products[1]?.addedAt,
        details: expect.objectContaining({ name: 'Product FAV-WAX', netUnitPrice: 4.99, stockLevel: 7 }),
      },
    ]);
  });

  it('a product without a price in the currency shows no price', async () => {
    const created = await save(tokens.buyer, { listName: 'Unpriced', products: [{ productId: 'FAV-SOON-OLD' }] });
    const list = await getList(tokens.buyer, created.listId);
    expect(list.products[0]?.details.netUnitPrice).toBeNull();
  });
});

describe('AddOrUpdateFavoriteList: products', () => {
  it('keeps a product given twice once, and keeps when each product was added', async () => {
    const created = await save(tokens.buyer, {
      listName: 'Twice',
      products: [WAX, JACKET_M, WAX, { ...WAX, unitOfMeasure: 'STK' }],
    });
    expect(created.products.map((product) => product.variantId ?? product.productId)).toEqual([
      'FAV-WAX',
      'FAV-JACKET-M',
    ]);
    const waxAddedAt = created.products[0]?.addedAt;

    const saved = await save(tokens.buyer, {
      listId: created.listId,
      listName: 'Twice',
      version: created.version,
      products: [JACKET_M, WAX, JACKET_L],
    });
    expect(saved.products.map((product) => product.variantId ?? product.productId)).toEqual([
      'FAV-JACKET-M',
      'FAV-WAX',
      'FAV-JACKET-L',
    ]);
    expect(saved.products[1]?.addedAt).toBe(waxAddedAt);
    expect(saved.productCount).toBe(3);
  });

  it.each([
    { name: 'an unknown product', product: { productId: 'NOPE-1' }, field: 'productId', named: 'NOPE-1' },
    { name: 'a discontinued product', product: { productId: 'FAV-OLD' }, field: 'productId', named: 'FAV-OLD' },
    {
      name: 'a variant of another product',
      product: { productId: 'FAV-WAX', variantId: 'FAV-JACKET-M' },
      field: 'variantId',
      named: 'FAV-JACKET-M',
    },
    { name: 'another unit', product: { ...WAX, unitOfMeasure: 'BOX' }, field: 'unitOfMeasure', named: 'FAV-WAX' },
  ])('refuses $name, naming it, and changes nothing', async ({ product, field, named }) => {
    const list = await save(tokens.buyer, { listName: `Refuses ${named} ${field}`, products: [WAX] });
    const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, tokens.buyer, {
      body: {
        area: EU_AREA,
        favouriteList: {
          listId: list.listId,
          listName: list.listName,
          version: list.version,
          products: [WAX, product],
        },
      },
    });
    const error = expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 400, 'ValidationException');
    expect(error.errors?.[0]?.field).toBe(`favouriteList.products.1.${field}`);
    expect(error.message).toContain(named);
    const after = await getList(tokens.buyer, list.listId);
    expect(after.version).toBe(1);
    expect(after.products.map((item) => item.productId)).toEqual(['FAV-WAX']);
  });

  it('a product discontinued after it was saved stays (flagged) and the list can still be saved', async () => {
    const list = await save(tokens.buyer, { listName: 'Soon old', products: [{ productId: 'FAV-SOON-OLD' }] });
    await testApp.db.update(products).set({ discontinuedAt: new Date() }).where(eq(products.id, 'FAV-SOON-OLD'));
    try {
      expect((await getList(tokens.buyer, list.listId)).products[0]?.details.isDiscontinued).toBe(true);
      const saved = await save(tokens.buyer, {
        listId: list.listId,
        listName: 'Soon old',
        version: list.version,
        products: [{ productId: 'FAV-SOON-OLD' }, WAX],
      });
      expect(saved.productCount).toBe(2);
    } finally {
      await testApp.db.update(products).set({ discontinuedAt: null }).where(eq(products.id, 'FAV-SOON-OLD'));
    }
  });
});

describe('AddOrUpdateFavoriteList: versions (two tabs never lose a product)', () => {
  it('of two saves of one version one wins, the other answers 409 naming the list, and nothing of it is saved', async () => {
    const list = await save(tokens.buyer, { listName: 'Two tabs', products: [WAX] });
    const saveFrom = (added: typeof JACKET_M) =>
      call(favoriteListEndpoints.addOrUpdateFavoriteList, tokens.buyer, {
        body: {
          area: EU_AREA,
          favouriteList: { listId: list.listId, listName: 'Two tabs', version: list.version, products: [WAX, added] },
        },
      });
    const answers = await Promise.all([saveFrom(JACKET_M), saveFrom(JACKET_L)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winnerIndex = answers.findIndex((answer) => answer.statusCode === 200);
    const loser = answers[1 - winnerIndex];
    const error = expectError(
      favoriteListEndpoints.addOrUpdateFavoriteList,
      loser as NonNullable<typeof loser>,
      409,
      'FavoriteListHasBeenModifiedException',
    );
    expect(error.message).toContain('"Two tabs"');

    const after = await getList(tokens.buyer, list.listId);
    expect(after.version).toBe(2);
    const winnerVariant = winnerIndex === 0 ? 'FAV-JACKET-M' : 'FAV-JACKET-L';
    expect(after.products.map((product) => product.variantId ?? product.productId)).toEqual(['FAV-WAX', winnerVariant]);

    // The losing tab reads again and repeats its change: both products are kept.
    const loserVariant = winnerIndex === 0 ? JACKET_L : JACKET_M;
    const repeated = await save(tokens.buyer, {
      listId: list.listId,
      listName: 'Two tabs',
      version: after.version,
      products: [...after.products.map(({ productId, variantId }) => ({ productId, variantId })), loserVariant],
    });
    expect(repeated.productCount).toBe(3);
  });

  it('a save with an old version is refused whole, the name too', async () => {
    const list = await save(tokens.buyer, { listName: 'Stale', products: [] });
    await save(tokens.buyer, { listId: list.listId, listName: 'Stale', version: 1, products: [WAX] });
    const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, tokens.buyer, {
      body: { area: EU_AREA, favouriteList: { listId: list.listId, listName: 'Renamed', version: 1, products: [] } },
    });
    const error = expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 409);
    expect(error.errors).toEqual([{ field: 'favouriteList.version', message: "is not the list's current version 2" }]);
    expect(await getList(tokens.buyer, list.listId)).toMatchObject({ listName: 'Stale', version: 2, productCount: 1 });
  });

  it('a change needs the version and the name', async () => {
    const list = await save(tokens.buyer, { listName: 'Needs version', products: [] });
    const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, tokens.buyer, {
      body: { area: EU_AREA, favouriteList: { listId: list.listId, products: [WAX] } },
    });
    const error = expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 400);
    expect(error.errors?.map((item) => item.field).sort()).toEqual(['favouriteList.listName', 'favouriteList.version']);
  });
});

describe('names and limits', () => {
  it('refuses a name another list has, regardless of case and spaces; a list keeps its own name in another case', async () => {
    const { token } = await freshBuyer('fav-unique');
    const summer = await save(token, { listName: 'Summer 2027', products: [] });
    for (const listName of ['summer 2027', '  SUMMER 2027  ']) {
      const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, token, {
        body: { area: EU_AREA, favouriteList: { listName, products: [] } },
      });
      const error = expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 400);
      expect(error.errors?.[0]).toEqual({
        field: 'favouriteList.listName',
        message: 'is already the name of the list "Summer 2027"',
      });
    }
    const renamed = await save(token, { listId: summer.listId, listName: ' SUMMER 2027 ', version: 1, products: [] });
    expect(renamed.listName).toBe('SUMMER 2027');
    // Another customer may use the same name.
    expect((await save(tokens.other, { listName: 'Summer 2027', products: [] })).listName).toBe('Summer 2027');
  });

  it.each([
    { listName: '', message: 'must not be empty' },
    { listName: '   ', message: 'must not be empty' },
    { listName: 'x'.repeat(101), message: 'must be at most 100 characters' },
  ])('refuses the name $listName.length characters long', async ({ listName, message }) => {
    const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, tokens.buyer, {
      body: { area: EU_AREA, favouriteList: { listName, products: [] } },
    });
    const error = expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 400);
    expect(error.errors?.[0]).toEqual({ field: 'favouriteList.listName', message });
  });

  it('takes a name of exactly 100 characters', async () => {
    expect((await save(tokens.buyer, { listName: 'y'.repeat(100), products: [] })).listName).toHaveLength(100);
  });

  it('keeps at most 100 lists a customer', async () => {
    const fresh = await freshBuyer('fav-hundred');
    await testApp.db.insert(favoriteLists).values(
      Array.from({ length: 99 }, (_, index) => ({
        customerId: fresh.customerId,
        name: `List ${index + 1}`,
        nameKey: `list ${index + 1}`,
      })),
    );
    expect((await save(fresh.token, { products: [] })).listName).toBe('Favorite list (100)');
    const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, fresh.token, {
      body: { area: EU_AREA, favouriteList: { listName: 'One too many', products: [] } },
    });
    const error = expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 400);
    expect(error.message).toBe('favouriteList cannot be added: a customer keeps at most 100 lists');
    expect((await search(fresh.token, { Take: 1 })).listCount).toBe(100);
  });

  it('keeps at most 1,000 products a list', async () => {
    const tooMany = Array.from({ length: 1001 }, (_, index) => ({ productId: `P-${index}` }));
    const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, tokens.buyer, {
      body: { area: EU_AREA, favouriteList: { listName: 'Big', products: tooMany } },
    });
    const error = expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 400);
    expect(error.errors?.[0]).toEqual({
      field: 'favouriteList.products',
      message: 'must hold at most 1000 products',
    });
  });
});

describe('GetFavoriteListsBySearch', () => {
  let token = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    token = (await freshBuyer('fav-search')).token;
    for (const [listName, listProducts] of [
      ['Summer boards', [WAX]],
      ['Winter jackets', [JACKET_M, JACKET_L]],
      ['Summer wax', [WAX, JACKET_L]],
    ] as const) {
      ids[listName] = (await save(token, { listName, products: [...listProducts] })).listId;
    }
  });

  it('answers the storefront’s ask (offset 0, size 15, touched time descending) with the touchedAt source field', async () => {
    const found = await search(token, {
      'Sorting[0].Field': 'touchedAt',
      'Sorting[0].Direction': 'Descending',
      IncludeSourceFields: 'true',
    });
    expect(found.items.map(({ item }) => item.listName)).toEqual(['Summer wax', 'Winter jackets', 'Summer boards']);
    for (const { item, sourceFields } of found.items) expect(sourceFields).toEqual({ touchedAt: item.touchedAt });
    expect(found.items[1]?.item.products.map((product) => product.variantId)).toEqual(['FAV-JACKET-M', 'FAV-JACKET-L']);
    expect((await search(token)).items[0]?.sourceFields).toBeNull();
  });

  it('filters by name, case-insensitive, and counts what matches', async () => {
    const found = await search(token, { Search: 'SUMMER' });
    expect(found.items.map(({ item }) => item.listName)).toEqual(['Summer wax', 'Summer boards']);
    expect(found).toMatchObject({ totalItems: 2, listCount: 3, activeListId: ids['Summer wax'] });
    expect((await search(token, { Search: '%' })).totalItems).toBe(0);
  });

  it('pages with Skip and Take', async () => {
    const pages = [await search(token, { Skip: 0, Take: 2 }), await search(token, { Skip: 2, Take: 2 })];
    expect(pages.map((page) => page.items.map(({ item }) => item.listName))).toEqual([
      ['Summer wax', 'Winter jackets'],
      ['Summer boards'],
    ]);
    expect(pages.map((page) => page.totalItems)).toEqual([3, 3]);
    const beyond = await search(token, { Skip: 3, Take: 2 });
    expect(beyond).toMatchObject({ items: [], totalItems: 3, listCount: 3, activeListId: ids['Summer wax'] });
  });

  it.each([
    {
      sorting: { 'Sorting[0].Field': 'listName', 'Sorting[0].Direction': 'Ascending' },
      expected: ['Summer boards', 'Summer wax', 'Winter jackets'],
    },
    {
      sorting: { 'Sorting[0].Field': 'listName', 'Sorting[0].Direction': 'Descending' },
      expected: ['Winter jackets', 'Summer wax', 'Summer boards'],
    },
    {
      sorting: { 'Sorting[0].Field': 'createdAt', 'Sorting[0].Direction': 'Ascending' },
      expected: ['Summer boards', 'Winter jackets', 'Summer wax'],
    },
    {
      sorting: {
        'Sorting[0].Field': 'productCount',
        'Sorting[0].Direction': 'Descending',
        'Sorting[1].Field': 'listName',
        'Sorting[1].Direction': 'Ascending',
      },
      expected: ['Summer wax', 'Winter jackets', 'Summer boards'],
    },
  ])('sorts by $sorting', async ({ sorting, expected }) => {
    expect((await search(token, sorting)).items.map(({ item }) => item.listName)).toEqual(expected);
  });

  it('keeps the lists holding a product of each facet (item or variant numbers, comma-separated)', async () => {
    const byVariant = await search(token, { 'Facets[0].Field': 'productId', 'Facets[0].Values': 'FAV-JACKET-L' });
    expect(byVariant.items.map(({ item }) => item.listName)).toEqual(['Summer wax', 'Winter jackets']);
    const either = await search(token, { 'Facets[0].Field': 'productId', 'Facets[0].Values': 'FAV-JACKET-M,FAV-WAX' });
    expect(either.totalItems).toBe(3);
    const both = await search(token, {
      'Facets[0].Field': 'productId',
      'Facets[0].Values': 'FAV-WAX',
      'Facets[1].Field': 'productId',
      'Facets[1].Values': 'FAV-JACKET',
    });
    expect(both.items.map(({ item }) => item.listName)).toEqual(['Summer wax']);
  });

  it.each([
    { query: { 'Facets[0].Values': 'FAV-WAX' }, field: 'Facets[0].Field' },
    { query: { 'Facets[0].Field': 'productId', 'Facets[0].Values': ' , ' }, field: 'Facets[0].Values' },
    { query: { 'Sorting[0].Direction': 'Ascending' }, field: 'Sorting[0].Field' },
    { query: { 'Sorting[0].Field': 'colour' }, field: 'Sorting[0].Field' },
    { query: { Take: 0 }, field: 'Take' },
    { query: { Take: 101 }, field: 'Take' },
    { query: { Skip: -1 }, field: 'Skip' },
    { query: { IncludeSourceFields: 'yes' }, field: 'IncludeSourceFields' },
  ])('refuses $query naming $field', async ({ query, field }) => {
    const response = await call(favoriteListEndpoints.getFavoriteListsBySearch, token, {
      query: { ...SEARCH_ALL, ...query },
    });
    const error = expectError(favoriteListEndpoints.getFavoriteListsBySearch, response, 400);
    expect(error.errors?.[0]?.field).toBe(field);
  });
});

describe('DeleteFavoriteList', () => {
  it('deletes the list; the next most recently touched becomes active; a second delete is a 404', async () => {
    const { token } = await freshBuyer('fav-delete');
    const first = await save(token, { products: [WAX] });
    const second = await save(token, { products: [] });
    const response = await call(favoriteListEndpoints.deleteFavoriteList, token, {
      body: { area: EU_AREA, listId: second.listId },
    });
    expectOk(favoriteListEndpoints.deleteFavoriteList, response);
    expect(response.body).toBe('');
    expect(await search(token)).toMatchObject({ totalItems: 1, activeListId: first.listId });
    const again = await call(favoriteListEndpoints.deleteFavoriteList, token, {
      body: { area: EU_AREA, listId: second.listId },
    });
    expectError(favoriteListEndpoints.deleteFavoriteList, again, 404, 'NotFoundException');
  });
});

describe('foreign and unknown ids: 404, nothing changed', () => {
  it.each([
    ['another customer’s list', () => 'foreign'],
    ['an unknown id', () => UNKNOWN_LIST_ID],
  ])('%s', async (_name, pick) => {
    const own = await save(tokens.buyer, { listName: `Not yours ${pick()}`, products: [WAX] });
    const listId = pick() === 'foreign' ? own.listId : UNKNOWN_LIST_ID;
    const other = tokens.other;
    expectError(
      favoriteListEndpoints.getFavoriteList,
      await call(favoriteListEndpoints.getFavoriteList, other, { query: { ...AREA_QUERY, ListId: listId } }),
      404,
      'NotFoundException',
    );
    expectError(
      favoriteListEndpoints.addOrUpdateFavoriteList,
      await call(favoriteListEndpoints.addOrUpdateFavoriteList, other, {
        body: { area: EU_AREA, favouriteList: { listId, listName: 'Taken over', version: 1, products: [] } },
      }),
      404,
    );
    expectError(
      favoriteListEndpoints.setFavoriteListActive,
      await call(favoriteListEndpoints.setFavoriteListActive, other, {
        body: { area: EU_AREA, favoriteListId: listId },
      }),
      404,
    );
    expectError(
      favoriteListEndpoints.deleteFavoriteList,
      await call(favoriteListEndpoints.deleteFavoriteList, other, { body: { area: EU_AREA, listId } }),
      404,
    );
    expect(await getList(tokens.buyer, own.listId)).toMatchObject({
      listName: own.listName,
      version: 1,
      productCount: 1,
    });
    const othersLists = await search(tokens.other, { Take: 100 });
    expect(othersLists.items.some(({ item }) => item.listId === own.listId)).toBe(false);
  });
});

describe('who may call', () => {
  it('anonymous callers get 401, staff without a customer 403', async () => {
    const anonymous = await callEndpoint(testApp.app, favoriteListEndpoints.getFavoriteListsBySearch, {
      query: SEARCH_ALL,
    });
    expectError(favoriteListEndpoints.getFavoriteListsBySearch, anonymous, 401);
    const staff = await call(favoriteListEndpoints.getFavoriteListsBySearch, tokens.staff, { query: SEARCH_ALL });
    expectError(favoriteListEndpoints.getFavoriteListsBySearch, staff, 403, 'ForbiddenException');
  });
});

describe("a rep's writes are recorded in the impersonation session, the customer's own are not", () => {
  async function actionsOf(write: () => Promise<unknown>) {
    const before = await testApp.db.select().from(impersonationActions);
    await write();
    const after = await testApp.db
      .select({ kind: impersonationActions.kind, summary: impersonationActions.summary })
      .from(impersonationActions)
      .orderBy(asc(impersonationActions.createdAt), asc(impersonationActions.id));
    return after.slice(before.length);
  }

  it('records create, save, set active and delete', async () => {
    let listId = '';
    expect(
      await actionsOf(async () => {
        listId = (await save(tokens.impersonation, { listName: 'Rep list', products: [WAX] })).listId;
      }),
    ).toEqual([
      {
        kind: 'FavoriteList.AddOrUpdateFavoriteList',
        summary: 'Created the favourite list "Rep list" with FAV-WAX (Product FAV-WAX)',
      },
    ]);
    expect(
      await actionsOf(() =>
        save(tokens.impersonation, { listId, listName: 'Rep picks', version: 1, products: [JACKET_M] }),
      ),
    ).toEqual([
      {
        kind: 'FavoriteList.AddOrUpdateFavoriteList',
        summary:
          'Saved the favourite list "Rep picks": renamed from "Rep list"; added FAV-JACKET-M (Product FAV-JACKET); ' +
          'removed FAV-WAX',
      },
    ]);
    expect(await actionsOf(() => setActive(tokens.impersonation, listId))).toEqual([
      { kind: 'FavoriteList.SetFavoriteListActive', summary: 'Set the favourite list "Rep picks" active' },
    ]);
    expect(
      await actionsOf(async () =>
        expectOk(
          favoriteListEndpoints.deleteFavoriteList,
          await call(favoriteListEndpoints.deleteFavoriteList, tokens.impersonation, {
            body: { area: EU_AREA, listId },
          }),
        ),
      ),
    ).toEqual([{ kind: 'FavoriteList.DeleteFavoriteList', summary: 'Deleted the favourite list "Rep picks"' }]);
  });

  it("records nothing for the customer's own writes", async () => {
    expect(
      await actionsOf(async () => {
        const list = await save(tokens.buyer, { listName: 'Own', products: [WAX] });
        await setActive(tokens.buyer, list.listId);
      }),
    ).toEqual([]);
  });

  it('a refused write records nothing', async () => {
    expect(
      await actionsOf(async () => {
        const response = await call(favoriteListEndpoints.addOrUpdateFavoriteList, tokens.impersonation, {
          body: { area: EU_AREA, favouriteList: { listName: 'Refused', products: [{ productId: 'FAV-OLD' }] } },
        });
        expectError(favoriteListEndpoints.addOrUpdateFavoriteList, response, 400);
      }),
    ).toEqual([]);
  });
});

describe('required parameters (spec §5) and unknown fields', () => {
  it.each([
    { endpoint: favoriteListEndpoints.getFavoriteList, query: { ...AREA_QUERY }, missing: 'ListId' },
    {
      endpoint: favoriteListEndpoints.getFavoriteList,
      query: { 'Area.AreaId': 'eu', 'Area.CurrencyCode': 'EUR', ListId: UNKNOWN_LIST_ID },
      missing: 'Area.LanguageCode',
    },
    {
      endpoint: favoriteListEndpoints.getFavoriteListsBySearch,
      query: { ...AREA_QUERY, Take: 15, Search: '' },
      missing: 'Skip',
    },
    {
      endpoint: favoriteListEndpoints.getFavoriteListsBySearch,
      query: { ...AREA_QUERY, Skip: 0, Search: '' },
      missing: 'Take',
    },
    {
      endpoint: favoriteListEndpoints.getFavoriteListsBySearch,
      query: { ...AREA_QUERY, Skip: 0, Take: 15 },
      missing: 'Search',
    },
    {
      endpoint: favoriteListEndpoints.getFavoriteListsBySearch,
      query: { 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR', Skip: 0, Take: 15, Search: '' },
      missing: 'Area.AreaId',
    },
  ])('$endpoint.path without $missing', async ({ endpoint, query, missing }) => {
    const error = expectError(
      endpoint,
      await call(endpoint, tokens.buyer, { query }),
      400,
      'MissingParameterException',
    );
    expect(error.message).toBe(`The parameter ${missing} must be defined and cannot be null.`);
  });

  it.each([
    { endpoint: favoriteListEndpoints.deleteFavoriteList, body: { area: EU_AREA }, missing: 'listId' },
    { endpoint: favoriteListEndpoints.setFavoriteListActive, body: { area: EU_AREA }, missing: 'favoriteListId' },
    { endpoint: favoriteListEndpoints.addOrUpdateFavoriteList, body: { area: EU_AREA }, missing: 'favouriteList' },
    {
      endpoint: favoriteListEndpoints.addOrUpdateFavoriteList,
      body: { area: EU_AREA, favouriteList: { listName: 'No products' } },
      missing: 'favouriteList.products',
    },
    { endpoint: favoriteListEndpoints.deleteFavoriteList, body: { listId: UNKNOWN_LIST_ID }, missing: 'area' },
  ])('$endpoint.path without $missing', async ({ endpoint, body, missing }) => {
    const error = expectError(endpoint, await call(endpoint, tokens.buyer, { body }), 400);
    expect(error.message).toBe(`The parameter ${missing} must be defined and cannot be null.`);
  });

  it.each([
    {
      endpoint: favoriteListEndpoints.addOrUpdateFavoriteList,
      body: { area: EU_AREA, favouriteList: { listName: 'Extra', products: [], colour: 'red' } },
      field: 'favouriteList.colour',
    },
    {
      endpoint: favoriteListEndpoints.addOrUpdateFavoriteList,
      body: { area: EU_AREA, favouriteList: { listName: 'Extra', products: [{ ...WAX, price: 1 }] } },
      field: 'favouriteList.products.0.price',
    },
    {
      endpoint: favoriteListEndpoints.setFavoriteListActive,
      body: { area: EU_AREA, favoriteListId: UNKNOWN_LIST_ID, listId: UNKNOWN_LIST_ID },
      field: 'listId',
    },
  ])('refuses the unknown field $field', async ({ endpoint, body, field }) => {
    const error = expectError(endpoint, await call(endpoint, tokens.buyer, { body }), 400);
    expect(error.errors).toContainEqual({ field, message: 'is not a known field' });
  });

  it('refuses an unknown query parameter and a list id that is no uuid', async () => {
    const unknown = await call(favoriteListEndpoints.getFavoriteListsBySearch, tokens.buyer, {
      query: { ...SEARCH_ALL, Page: 2 },
    });
    expect(expectError(favoriteListEndpoints.getFavoriteListsBySearch, unknown, 400).errors).toContainEqual({
      field: 'Page',
      message: 'is not a known field',
    });
    const notUuid = await call(favoriteListEndpoints.getFavoriteList, tokens.buyer, {
      query: { ...AREA_QUERY, ListId: '42' },
    });
    expect(expectError(favoriteListEndpoints.getFavoriteList, notUuid, 400).errors?.[0]?.field).toBe('ListId');
  });
});
