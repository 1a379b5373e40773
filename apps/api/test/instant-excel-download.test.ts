/**
 * Instant Excel's personalised sheet (issue 26 §2, ADR 028) through DownloadSheet's definition on a real database:
 * every scope, each sheet read back with exceljs as a buyer's spreadsheet program would open it — the rows (only
 * products still sold and priced in the customer's currency, one per variant), the customer's net prices exactly and
 * as numbers in the currency's format, stock, arrival and last-order columns, the Quantity column's validation, the
 * frozen header with its filter, the hidden variant key — and the refusals: a foreign or unknown favourite list,
 * category or brand (404), a bad scope (400), anonymous (401), staff without a customer (403). Last, the round trip:
 * a downloaded sheet, renamed and re-sorted, still resolves in ValidateUpload through its hidden key.
 */
import { randomUUID } from 'node:crypto';
import { SHEET_COLUMN_HEADERS, SHEET_CONTENT_TYPE } from '@b2b/contract';
import { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import {
  brands,
  carts,
  categories,
  orderLines,
  orders,
  paymentMethods,
  products,
  productVariants,
  stockLevels,
} from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createPriceGroup, setPrice } from './support/factories.ts';
import { type Buyer, createBuyer, createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, US_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;
let foreign: Buyer;
let usBuyer: Buyer;
let staff: SignedInUser;

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const today = now.toISOString().slice(0, 10);
const dayFromToday = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
const arrivalDay = dayFromToday(20);
const recentOrderAt = new Date(now.getTime() - 30 * DAY_MS);
const oldOrderAt = new Date(now.getTime() - 400 * DAY_MS);

/** Columns of the sheet, 1-based, in the order the header row shows them. */
const COLUMN = {
  itemNumber: 1,
  variantNumber: 2,
  name: 3,
  brand: 4,
  size: 5,
  colour: 6,
  netUnitPrice: 7,
  available: 8,
  nextArrival: 9,
  lastOrdered: 10,
  lastOrderedQuantity: 11,
  quantity: 12,
  variantKey: 13,
} as const;
const HEADER_ROW = 3;
const FIRST_DATA_ROW = 4;

async function insertProduct(
  id: string,
  fields: { brandId: string; categoryId: string; variants?: Array<{ id: string; size: string; colour: string }> },
) {
  await testApp.db.insert(products).values({
    id,
    name: `Board ${id}`,
    url: `/dl/${id}`,
    brandId: fields.brandId,
    categoryId: fields.categoryId,
  });
  for (const [index, variant] of (fields.variants ?? []).entries()) {
    await testApp.db.insert(productVariants).values({
      id: variant.id,
      productId: id,
      name: `${variant.size} ${variant.colour}`,
      size: variant.size,
      colour: variant.colour,
      sortOrder: index,
    });
  }
}

/** An order of the buyer's customer placed at `createdAt` with these product lines. */
async function insertOrder(
  placedBy: Buyer,
  createdAt: Date,
  lines: Array<{ productId: string; variantId: string | null; quantity: number }>,
  status = 'Placed',
) {
  const { db } = testApp;
  const [paymentMethod] = await db.select({ id: paymentMethods.id }).from(paymentMethods).limit(1);
  const cartId = await createCartWithLines(db, placedBy, []);
  await db.update(carts).set({ status: 'checked_out' }).where(eq(carts.id, cartId));
  const [order] = await db
    .insert(orders)
    .values({
      cartId,
      customerId: placedBy.customerId,
      placedByUserId: placedBy.userId,
      status,
      areaId: 'eu',
      currencyCode: 'EUR',
      vatRateBasisPoints: 0,
      vatTreatment: 'reverse-charge',
      discountMinor: 0,
      shippingFeeMinor: 0,
      totalNetMinor: 1_000,
      totalVatMinor: 0,
      totalWithVatMinor: 1_000,
      paymentMethodId: paymentMethod?.id ?? 'invoice',
      createdAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not inserted');
  for (const [index, line] of lines.entries()) {
    await db.insert(orderLines).values({
      orderId: order.id,
      lineNumber: index + 1,
      type: 'Product',
      productId: line.productId,
      variantId: line.variantId,
      unitOfMeasure: 'STK',
      name: `Board ${line.productId}`,
      quantity: line.quantity,
      unitPriceMinor: 1_000,
      netUnitPriceMinor: 1_000,
      linePriceMinor: 1_000 * line.quantity,
      netLinePriceMinor: 1_000 * line.quantity,
      vatMinor: 0,
      quantityAvailable: line.quantity,
    });
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await db.insert(brands).values([
    { id: 'dl-brand', name: 'Downhill Co' },
    { id: 'dl-other', name: 'Other Co' },
  ]);
  await db.insert(categories).values([
    { id: 'dl-root', name: 'Downhill', url: '/dl-root' },
    { id: 'dl-child', parentId: 'dl-root', name: 'Longboards', url: '/dl-root/longboards' },
    { id: 'dl-elsewhere', name: 'Elsewhere', url: '/dl-elsewhere' },
  ]);
  // D-100: two variants; D-200: sold without variants; D-300: discontinued; D-400: priced in USD only;
  // D-500: another brand and category.
  await insertProduct('D-100', {
    brandId: 'dl-brand',
    categoryId: 'dl-child',
    variants: [
      { id: 'D-100-01', size: 'M', colour: 'Black' },
      { id: 'D-100-02', size: 'L', colour: 'Black' },
    ],
  });
  await insertProduct('D-200', { brandId: 'dl-brand', categoryId: 'dl-root' });
  await insertProduct('D-300', {
    brandId: 'dl-brand',
    categoryId: 'dl-child',
    variants: [{ id: 'D-300-01', size: 'M', colour: 'Red' }],
  });
  await insertProduct('D-400', {
    brandId: 'dl-brand',
    categoryId: 'dl-child',
    variants: [{ id: 'D-400-01', size: 'S', colour: 'Blue' }],
  });
  await insertProduct('D-500', {
    brandId: 'dl-other',
    categoryId: 'dl-elsewhere',
    variants: [{ id: 'D-500-01', size: 'XL', colour: 'White' }],
  });
  await db
    .update(products)
    .set({ discontinuedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(products.id, 'D-300'));
  await db
    .update(products)
    .set({ stockLevel: 3, newStockDate: dayFromToday(-5) })
    .where(eq(products.id, 'D-200'));
  await db.insert(stockLevels).values([
    { variantId: 'D-100-01', quantityOnHand: 10, quantityReserved: 2 },
    { variantId: 'D-100-02', quantityOnHand: 1, quantityReserved: 4, newStockDate: arrivalDay },
    { variantId: 'D-500-01', quantityOnHand: 7 },
  ]);
  // List prices in EUR; price group DL's net price for D-100 only (the others sell at the list price).
  await createPriceGroup(db, 'DL');
  for (const [productId, unitPriceMinor] of [
    ['D-100', 12_50],
    ['D-200', 19_95],
    ['D-300', 5_00],
    ['D-500', 7_49],
  ] as const) {
    await setPrice(db, { productId, currencyCode: 'EUR', unitPriceMinor });
  }
  await setPrice(db, { productId: 'D-100', currencyCode: 'EUR', priceGroupId: 'DL', unitPriceMinor: 9_99 });
  await setPrice(db, { productId: 'D-400', currencyCode: 'USD', unitPriceMinor: 1_234_56 });

  buyer = await createBuyer(testApp, { customer: { priceGroupId: 'DL', name: 'Downhill Boardshop' } });
  foreign = await createBuyer(testApp);
  usBuyer = await createBuyer(testApp, { customer: { areaId: 'us', name: 'Pacific Downhill' } });
  staff = await createStaff(testApp);

  // The buyer's history: D-100-01 a year and more ago and a month ago; D-500-01 only long ago; D-100-02 only in a
  // cancelled order (which does not count).
  await insertOrder(buyer, oldOrderAt, [
    { productId: 'D-100', variantId: 'D-100-01', quantity: 2 },
    { productId: 'D-500', variantId: 'D-500-01', quantity: 7 },
  ]);
  await insertOrder(buyer, recentOrderAt, [{ productId: 'D-100', variantId: 'D-100-01', quantity: 5 }]);
  await insertOrder(
    buyer,
    new Date(now.getTime() - 10 * DAY_MS),
    [{ productId: 'D-100', variantId: 'D-100-02', quantity: 9 }],
    'Cancelled',
  );
});

afterAll(async () => {
  await testApp?.close();
});

function download(token: string | null, scope: unknown, area = EU_AREA): Promise<LightMyRequestResponse> {
  return callEndpoint(testApp.app, instantExcelEndpoints.downloadSheet, { token, body: { area, scope } });
}

/** A 200 with the sheet's headers, read back as a workbook; its only worksheet. */
async function readSheet(response: LightMyRequestResponse, customerNumber: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe(SHEET_CONTENT_TYPE);
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="instant-excel-${customerNumber.replace(/[^A-Za-z0-9-]/g, '')}-${today}.xlsx"`,
  );
  expect(response.headers['cache-control']).toBe('private, no-store');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

/** The data rows as the variant keys of the hidden column, top to bottom. */
function keysOf(sheet: ExcelJS.Worksheet): string[] {
  const keys: string[] = [];
  for (let row = FIRST_DATA_ROW; row <= sheet.rowCount; row++) {
    keys.push(String(sheet.getRow(row).getCell(COLUMN.variantKey).value));
  }
  return keys;
}

function rowOfKey(sheet: ExcelJS.Worksheet, key: string): ExcelJS.Row {
  for (let row = FIRST_DATA_ROW; row <= sheet.rowCount; row++) {
    if (sheet.getRow(row).getCell(COLUMN.variantKey).value === key) return sheet.getRow(row);
  }
  throw new Error(`no row of ${key}`);
}

const utcDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

describe('DownloadSheet: the rows of each scope', () => {
  it('a brand: one row per variant of its products still sold in the currency, with the customer’s prices', async () => {
    const sheet = await readSheet(
      await download(buyer.token, { type: 'brand', brandId: 'dl-brand' }),
      buyer.customer.customerNumber,
    );
    // D-300 is discontinued and D-400 has no EUR price: neither is on the sheet; D-500 is another brand's.
    expect(keysOf(sheet)).toEqual(['D-100|D-100-01', 'D-100|D-100-02', 'D-200|']);

    const first = rowOfKey(sheet, 'D-100|D-100-01');
    expect(first.getCell(COLUMN.itemNumber).value).toBe('D-100');
    expect(first.getCell(COLUMN.variantNumber).value).toBe('D-100-01');
    expect(first.getCell(COLUMN.name).value).toBe('Board D-100');
    expect(first.getCell(COLUMN.brand).value).toBe('Downhill Co');
    expect(first.getCell(COLUMN.size).value).toBe('M');
    expect(first.getCell(COLUMN.colour).value).toBe('Black');
    // The price group's net price, a number (not text) in the currency's format.
    expect(first.getCell(COLUMN.netUnitPrice).value).toBe(9.99);
    expect(first.getCell(COLUMN.netUnitPrice).numFmt).toBe('"€"#,##0.00');
    expect(first.getCell(COLUMN.available).value).toBe(8);
    expect(first.getCell(COLUMN.nextArrival).value).toBeNull();
    // The latest order that was not cancelled: a month ago, 5 units.
    expect(first.getCell(COLUMN.lastOrdered).value).toEqual(utcDay(recentOrderAt.toISOString().slice(0, 10)));
    expect(first.getCell(COLUMN.lastOrdered).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(COLUMN.lastOrderedQuantity).value).toBe(5);
    expect(first.getCell(COLUMN.quantity).value).toBeNull();

    const second = rowOfKey(sheet, 'D-100|D-100-02');
    expect(second.getCell(COLUMN.netUnitPrice).value).toBe(9.99);
    // 1 on hand, 4 reserved: none available (never below 0); more arrives in 20 days.
    expect(second.getCell(COLUMN.available).value).toBe(0);
    expect(second.getCell(COLUMN.nextArrival).value).toEqual(utcDay(arrivalDay));
    // Only ever in a cancelled order.
    expect(second.getCell(COLUMN.lastOrdered).value).toBeNull();
    expect(second.getCell(COLUMN.lastOrderedQuantity).value).toBeNull();

    const withoutVariants = rowOfKey(sheet, 'D-200|');
    expect(withoutVariants.getCell(COLUMN.itemNumber).value).toBe('D-200');
    expect(withoutVariants.getCell(COLUMN.variantNumber).value).toBeNull();
    // No group price for D-200: the list price.
    expect(withoutVariants.getCell(COLUMN.netUnitPrice).value).toBe(19.95);
    expect(withoutVariants.getCell(COLUMN.available).value).toBe(3);
    // A new-stock date in the past is stock that came: no arrival to promise.
    expect(withoutVariants.getCell(COLUMN.nextArrival).value).toBeNull();
  });

  it('a category: its products and its subcategories’ products', async () => {
    const sheet = await readSheet(
      await download(buyer.token, { type: 'category', categoryId: 'dl-root' }),
      buyer.customer.customerNumber,
    );
    expect(keysOf(sheet)).toEqual(['D-100|D-100-01', 'D-100|D-100-02', 'D-200|']);
    expect(String(sheet.getRow(2).getCell(1).value)).toContain('Category Downhill');
    const child = await readSheet(
      await download(buyer.token, { type: 'category', categoryId: 'dl-child' }),
      buyer.customer.customerNumber,
    );
    expect(keysOf(child)).toEqual(['D-100|D-100-01', 'D-100|D-100-02']);
  });

  it('a favourite list: its variants (a product without a variant named stands for all of them)', async () => {
    const saved = expectOk(
      favoriteListEndpoints.addOrUpdateFavoriteList,
      await callEndpoint(testApp.app, favoriteListEndpoints.addOrUpdateFavoriteList, {
        token: buyer.token,
        body: {
          area: EU_AREA,
          favouriteList: {
            listName: 'Spring reorder',
            products: [
              { productId: 'D-100', variantId: 'D-100-02' },
              { productId: 'D-500', variantId: 'D-500-01' },
              { productId: 'D-200' },
            ],
          },
        },
      }),
    );
    const sheet = await readSheet(
      await download(buyer.token, { type: 'favoriteList', listId: saved.listId }),
      buyer.customer.customerNumber,
    );
    expect(keysOf(sheet)).toEqual(['D-100|D-100-02', 'D-200|', 'D-500|D-500-01']);
    expect(String(sheet.getRow(2).getCell(1).value)).toContain('Favourite list Spring reorder');
    const longAgo = rowOfKey(sheet, 'D-500|D-500-01');
    expect(longAgo.getCell(COLUMN.netUnitPrice).value).toBe(7.49);
    expect(longAgo.getCell(COLUMN.lastOrdered).value).toEqual(utcDay(oldOrderAt.toISOString().slice(0, 10)));
    expect(longAgo.getCell(COLUMN.lastOrderedQuantity).value).toBe(7);

    // Another customer's list is not found, like an unknown one, and nothing is written.
    const foreignResponse = await download(foreign.token, { type: 'favoriteList', listId: saved.listId });
    expectError(instantExcelEndpoints.downloadSheet, foreignResponse, 404, 'NotFoundException');
    expect(foreignResponse.headers['content-disposition']).toBeUndefined();
    expectError(
      instantExcelEndpoints.downloadSheet,
      await download(buyer.token, { type: 'favoriteList', listId: randomUUID() }),
      404,
      'NotFoundException',
    );
  });

  it('the last 12 months’ purchases: the variants ordered since, not cancelled ones or older ones', async () => {
    const sheet = await readSheet(await download(buyer.token, { type: 'purchases' }), buyer.customer.customerNumber);
    expect(keysOf(sheet)).toEqual(['D-100|D-100-01']);
    expect(rowOfKey(sheet, 'D-100|D-100-01').getCell(COLUMN.lastOrderedQuantity).value).toBe(5);

    // A customer without orders gets the sheet's head and a note that there is nothing to order.
    const empty = await readSheet(
      await download(foreign.token, { type: 'purchases' }),
      foreign.customer.customerNumber,
    );
    expect(keysOf(empty)).toEqual([]);
    expect(String(empty.getRow(2).getCell(1).value)).toContain('nothing you can order');
    expect(empty.getRow(HEADER_ROW).getCell(COLUMN.quantity).value).toBe(SHEET_COLUMN_HEADERS.quantity);
  });

  it('the whole assortment: everything the customer can order, nothing discontinued or unpriced', async () => {
    const sheet = await readSheet(await download(buyer.token, { type: 'assortment' }), buyer.customer.customerNumber);
    const keys = keysOf(sheet);
    expect(keys).toEqual(expect.arrayContaining(['D-100|D-100-01', 'D-100|D-100-02', 'D-200|', 'D-500|D-500-01']));
    expect(keys).not.toContain('D-300|D-300-01');
    expect(keys).not.toContain('D-400|D-400-01');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('in the customer’s currency: a US customer’s sheet in US dollars holds what is priced in USD', async () => {
    const sheet = await readSheet(
      await download(usBuyer.token, { type: 'brand', brandId: 'dl-brand' }, US_AREA),
      usBuyer.customer.customerNumber,
    );
    expect(keysOf(sheet)).toEqual(['D-400|D-400-01']);
    const row = rowOfKey(sheet, 'D-400|D-400-01');
    expect(row.getCell(COLUMN.netUnitPrice).value).toBe(1234.56);
    expect(row.getCell(COLUMN.netUnitPrice).numFmt).toBe('"US$"#,##0.00');
    expect(sheet.getRow(HEADER_ROW).getCell(COLUMN.netUnitPrice).value).toBe('Net unit price (USD)');
  });
});

describe('DownloadSheet: the sheet a buyer works in', () => {
  it('has a title row, a frozen header with a filter, widths, a hidden key and a validated Quantity column', async () => {
    const sheet = await readSheet(
      await download(buyer.token, { type: 'brand', brandId: 'dl-brand' }),
      buyer.customer.customerNumber,
    );
    const title = String(sheet.getRow(1).getCell(1).value);
    expect(title).toContain('Downhill Boardshop');
    expect(title).toContain(buyer.customer.customerNumber);
    expect(title).toContain(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(now));
    expect(String(sheet.getRow(2).getCell(1).value)).toContain('Brand Downhill Co');
    expect(String(sheet.getRow(2).getCell(1).value)).toContain('EUR, excluding VAT');

    expect(sheet.getRow(HEADER_ROW).values).toEqual([
      undefined,
      'Item number',
      'Variant number',
      'Name',
      'Brand',
      'Size',
      'Colour',
      'Net unit price (EUR)',
      'Available',
      'Next arrival',
      'Last ordered',
      'Last ordered quantity',
      'Quantity',
      'Variant key',
    ]);
    expect(sheet.getRow(HEADER_ROW).getCell(COLUMN.itemNumber).value).toBe(SHEET_COLUMN_HEADERS.itemNumber);
    expect(sheet.getRow(HEADER_ROW).getCell(COLUMN.variantKey).value).toBe(SHEET_COLUMN_HEADERS.variantKey);
    expect(sheet.getRow(HEADER_ROW).font?.bold).toBe(true);

    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    expect(sheet.autoFilter).toBe('A3:M3');
    expect(sheet.getColumn(COLUMN.name).width).toBe(40);
    expect(sheet.getColumn(COLUMN.variantKey).hidden).toBe(true);
    expect(sheet.getColumn(COLUMN.itemNumber).hidden).toBe(false);
    expect(sheet.getColumn(COLUMN.quantity).hidden).toBe(false);

    // Every data row's Quantity cell takes whole numbers 0–100,000 (empty allowed), and nothing else has a rule.
    for (let row = FIRST_DATA_ROW; row <= sheet.rowCount; row++) {
      expect(sheet.getRow(row).getCell(COLUMN.quantity).dataValidation).toMatchObject({
        type: 'whole',
        operator: 'between',
        allowBlank: true,
        showErrorMessage: true,
        formulae: [0, 100_000],
      });
    }
    expect(sheet.getRow(FIRST_DATA_ROW).getCell(COLUMN.netUnitPrice).dataValidation).toBeUndefined();
    expect(sheet.getRow(sheet.rowCount + 1).getCell(COLUMN.quantity).dataValidation).toBeUndefined();
  });
});

describe('DownloadSheet: refusals', () => {
  it('an unknown category or brand answers 404 naming it', async () => {
    const category = expectError(
      instantExcelEndpoints.downloadSheet,
      await download(buyer.token, { type: 'category', categoryId: 'no-such-category' }),
      404,
      'NotFoundException',
    );
    expect(category.message).toContain('no-such-category');
    const brand = expectError(
      instantExcelEndpoints.downloadSheet,
      await download(buyer.token, { type: 'brand', brandId: 'no-such-brand' }),
      404,
      'NotFoundException',
    );
    expect(brand.message).toContain('no-such-brand');
  });

  it.each([
    ['an unknown scope type', { type: 'everything' }, 'scope.type'],
    ['a category without its id', { type: 'category' }, 'scope.categoryId'],
    ['a field the scope does not have', { type: 'assortment', brandId: 'dl-brand' }, 'scope.brandId'],
    ['a list id that is no id', { type: 'favoriteList', listId: 'my list' }, 'scope.listId'],
    ['no scope', undefined, 'scope'],
  ])('%s answers 400 on the field', async (_case, scope, field) => {
    const body = expectError(instantExcelEndpoints.downloadSheet, await download(buyer.token, scope), 400);
    expect(body.errors?.map((error) => error.field)).toContain(field);
  });

  it('anonymous callers get 401, staff without a customer 403', async () => {
    expectError(instantExcelEndpoints.downloadSheet, await download(null, { type: 'assortment' }), 401);
    expectError(
      instantExcelEndpoints.downloadSheet,
      await download(staff.token, { type: 'assortment' }),
      403,
      'ForbiddenException',
    );
  });
});

describe('DownloadSheet → ValidateUpload', () => {
  it('a downloaded sheet, re-sorted and with its item numbers overwritten, still resolves through the hidden key', async () => {
    const response = await download(buyer.token, { type: 'brand', brandId: 'dl-brand' });
    const sheet = await readSheet(response, buyer.customer.customerNumber);
    const workbook = sheet.workbook;
    // The buyer sorts the rows the other way round, types over the numbers and fills two quantities.
    const rows = keysOf(sheet).map((_key, index) => sheet.getRow(FIRST_DATA_ROW + index).values as ExcelJS.CellValue[]);
    rows.reverse();
    for (const [index, values] of rows.entries()) {
      const row = sheet.getRow(FIRST_DATA_ROW + index);
      row.values = values;
      row.getCell(COLUMN.itemNumber).value = `renamed ${index}`;
      row.getCell(COLUMN.variantNumber).value = null;
    }
    rowOfKey(sheet, 'D-100|D-100-02').getCell(COLUMN.quantity).value = 3;
    rowOfKey(sheet, 'D-200|').getCell(COLUMN.quantity).value = 4;
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const preview = expectOk(
      instantExcelEndpoints.validateUpload,
      await callEndpoint(testApp.app, instantExcelEndpoints.validateUpload, {
        token: buyer.token,
        body: { area: EU_AREA, file: { fileName: 'filled.xlsx', contentBase64: file.toString('base64') } },
      }),
    );
    expect(
      preview.rows.map((row) => ({
        rowNumber: row.rowNumber,
        key: row.line && `${row.line.productKey.productId}|${row.line.productKey.variantId ?? ''}`,
        quantity: row.quantity,
      })),
    ).toEqual([
      { rowNumber: 4, key: 'D-200|', quantity: 4 },
      { rowNumber: 5, key: 'D-100|D-100-02', quantity: 3 },
    ]);
  });
});
