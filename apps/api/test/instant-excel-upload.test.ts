/**
 * Instant Excel's upload side (issue 26 §2, ADR 027) through its endpoint definitions on a real database:
 * ResolveOrderLines (every outcome, one call for many rows), ValidateUpload of pasted lines, CSV dialects and an
 * .xlsx built here with exceljs (variant key, formulas, row numbers), ApplyUpload (exact cart lines and totals, once
 * only, also when applied concurrently, foreign ids 404), and every bad file → 400 on `file` with the cart unchanged
 * and nothing stored.
 */
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { formatVariantKey, MAX_UPLOAD_ROWS, SHEET_COLUMN_HEADERS, UPLOAD_PREVIEW_LIFETIME_MS } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import { instantExcelUploads, products, stockLevels } from '@b2b/db/schema';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice } from './support/factories.ts';
import { type Buyer, createBuyer } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, US_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;
let foreign: Buyer;

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  // three variants (X-100-01: 8 available); X-200: no variants, 3 in stock; X-300: sold in one variant;
  // discontinued; X-500: priced in USD only; X-600: a line limit of 10.
  await createProduct(db, 'X-100', ['X-100-01', 'X-100-02', 'X-100-03']);
  await createProduct(db, 'X-200');
  await createProduct(db, 'X-300', ['X-300-01']);
  await createProduct(db, 'X-400');
  await createProduct(db, 'X-500');
  await createProduct(db, 'X-600', [], { maxLineQuantity: 10 });
  await db.insert(stockLevels).values([
    { variantId: 'X-100-01', quantityOnHand: 10, quantityReserved: 2 },
    { variantId: 'X-100-02', quantityOnHand: 100 },
    { variantId: 'X-300-01', quantityOnHand: 50 },
  ]);
  await db.update(products).set({ stockLevel: 3 }).where(eq(products.id, 'X-200'));
  await db.update(products).set({ stockLevel: 40 }).where(eq(products.id, 'X-600'));
  await db
    .update(products)
    .set({ discontinuedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(products.id, 'X-400'));
  for (const productId of ['X-100', 'X-200', 'X-300', 'X-400', 'X-600']) {
    await setPrice(db, { productId, currencyCode: 'EUR', unitPriceMinor: 1_250 });
  }
  await setPrice(db, { productId: 'X-500', currencyCode: 'USD', unitPriceMinor: 900 });
  buyer = await createBuyer(testApp, { username: 'excel-buyer' });
  foreign = await createBuyer(testApp, { username: 'excel-foreign' });
});

afterAll(async () => {
  await testApp?.close();
});

function call<E extends (typeof instantExcelEndpoints)[keyof typeof instantExcelEndpoints]>(
  endpoint: E,
  token: string,
  body: unknown,
) {
  return callEndpoint(testApp.app, endpoint, { token, body });
}

async function validate(token: string, body: Record<string, unknown>) {
  return expectOk(
    instantExcelEndpoints.validateUpload,
    await call(instantExcelEndpoints.validateUpload, token, { area: EU_AREA, ...body }),
  );
}

async function apply(token: string, uploadId: string) {
  return expectOk(
    instantExcelEndpoints.applyUpload,
    await call(instantExcelEndpoints.applyUpload, token, { area: EU_AREA, uploadId }),
  );
}

/** A new, empty open cart for the user. */
async function emptyCart(user: Buyer) {
  expectOk(
    cartEndpoints.createCart,
    await callEndpoint(testApp.app, cartEndpoints.createCart, { token: user.token, body: { area: EU_AREA } }),
  );
}

/** The open cart's product lines as "number × quantity". */
async function cartLines(user: Buyer): Promise<string[]> {
  const { cart } = expectOk(
    cartEndpoints.getOrCreateCart,
    await callEndpoint(testApp.app, cartEndpoints.getOrCreateCart, { token: user.token, body: { area: EU_AREA } }),
  );
  return cart.lines.map((line) => `${line.productKey.variantId ?? line.productKey.productId} × ${line.quantity}`);
}

async function storedUploadCount(user: Buyer): Promise<number> {
  const [row] = await testApp.db
    .select({ value: count() })
    .from(instantExcelUploads)
    .where(eq(instantExcelUploads.customerId, user.customerId));
  return row?.value ?? 0;
}

function file(fileName: string, bytes: Buffer | string) {
  return { file: { fileName, contentBase64: Buffer.from(bytes).toString('base64') } };
}

describe('ResolveOrderLines', () => {
  it('resolves every row in one call: variants, products, one-variant products, and each reason', async () => {
    const answer = expectOk(
      instantExcelEndpoints.resolveOrderLines,
      await call(instantExcelEndpoints.resolveOrderLines, buyer.token, {
        area: EU_AREA,
        rows: [
          { itemNumber: 'x-100-01', quantity: 9 },
          { itemNumber: 'X-200', quantity: 2 },
          { itemNumber: 'X-300' },
          { itemNumber: 'X-100' },
          { itemNumber: 'X-400' },
          { itemNumber: 'X-500' },
          { itemNumber: 'NOPE-1' },
        ],
      }),
    );
    expect(answer.currencyCode).toBe('EUR');
    expect(answer.rows.map((row) => row.status)).toEqual([
      'orderable',
      'orderable',
      'orderable',
      'needsVariant',
      'discontinued',
      'notSoldInCurrency',
      'unknownItem',
    ]);
    const [first, second, third, fourth] = answer.rows;
    expect(first).toMatchObject({
      itemNumber: 'x-100-01',
      quantity: 9,
      isBackorder: true,
      line: {
        productKey: { productId: 'X-100', variantId: 'X-100-01', unitOfMeasure: 'STK' },
        netUnitPrice: 12.5,
        availableQuantity: 8,
      },
    });
    expect(second).toMatchObject({
      isBackorder: false,
      line: { productKey: { variantId: null }, availableQuantity: 3 },
    });
    expect(third).toMatchObject({ line: { productKey: { productId: 'X-300', variantId: 'X-300-01' } } });
    expect(fourth).toMatchObject({ name: 'Product X-100', exampleVariantId: 'X-100-01' });
  });

  it('refuses more rows than an upload may hold, and an area in another currency', async () => {
    const rows = Array.from({ length: MAX_UPLOAD_ROWS + 1 }, () => ({ itemNumber: 'X-200' }));
    expectError(
      instantExcelEndpoints.resolveOrderLines,
      await call(instantExcelEndpoints.resolveOrderLines, buyer.token, { area: EU_AREA, rows }),
      400,
    );
    const body = expectError(
      instantExcelEndpoints.resolveOrderLines,
      await call(instantExcelEndpoints.resolveOrderLines, buyer.token, { area: US_AREA, rows: [{ itemNumber: 'X' }] }),
      400,
    );
    expect(body.errors?.[0]?.field).toBe('area.currencyCode');
  });
});

describe('ValidateUpload and ApplyUpload: pasted lines', () => {
  it('previews each line by its number, changes nothing until applied, then applies once', async () => {
    await emptyCart(buyer);
    const preview = await validate(buyer.token, {
      pastedText: 'X-100-02; 5\n\nX-200; 2\nNOPE-1; 1\nX-100-02; 3\nX-600; 2.5\nX-300',
    });
    expect(preview.source).toBe('paste');
    expect(preview.rows.map((row) => [row.rowNumber, row.status, row.invalidQuantityReason])).toEqual([
      [1, 'added', null],
      [3, 'added', null],
      [4, 'unknownItem', null],
      [5, 'increased', null],
      [6, 'invalidQuantity', 'decimal'],
      [7, 'added', null],
    ]);
    expect(preview.rows[2]?.message).toBe('Unknown item number NOPE-1');
    expect(preview.summary).toMatchObject({ rowCount: 6, rejectedCount: 2, lineCount: 3, netTotal: 137.5 });
    expect(await cartLines(buyer)).toEqual([]);

    const applied = await apply(buyer.token, preview.uploadId);
    expect(applied.isFirstApply).toBe(true);
    expect(
      applied.newLines.map((line) => [line.productKey.variantId ?? line.productKey.productId, line.quantityAfter]),
    ).toEqual([
      ['X-100-02', 8],
      ['X-200', 2],
      ['X-300-01', 1],
    ]);
    expect(applied.changedLines).toEqual([]);
    expect(applied.newLines.map((line) => line.netLinePrice)).toEqual([100, 25, 12.5]);
    expect(await cartLines(buyer)).toEqual(['X-100-02 × 8', 'X-200 × 2', 'X-300-01 × 1']);
    const { cart } = expectOk(
      cartEndpoints.calculateCart,
      await callEndpoint(testApp.app, cartEndpoints.calculateCart, {
        token: buyer.token,
        body: { area: EU_AREA, cartId: applied.cartId },
      }),
    );
    expect(applied.totalNetAfter).toBe(cart.totalNetPrice);

    const again = await apply(buyer.token, preview.uploadId);
    expect(again).toEqual({ ...applied, isFirstApply: false });
    expect(await cartLines(buyer)).toEqual(['X-100-02 × 8', 'X-200 × 2', 'X-300-01 × 1']);

    // a second upload of the same lines raises what the cart holds
    const second = await validate(buyer.token, { pastedText: 'X-200; 1' });
    expect(second.rows[0]).toMatchObject({
      status: 'increased',
      quantityInCart: 2,
      message: 'Raises Product X-200 from 2 to 3',
    });
    const beyondStock = await validate(buyer.token, { pastedText: 'X-200; 2' });
    expect(beyondStock.rows[0]).toMatchObject({
      status: 'backorder',
      message: 'Raises Product X-200 from 2 to 4: 3 in stock, 1 added as backorder',
    });
  });

  it('never doubles a quantity when one upload is applied several times at once', async () => {
    await emptyCart(buyer);
    const preview = await validate(buyer.token, { pastedText: 'X-100-02; 4\nX-600; 3' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(instantExcelEndpoints.applyUpload, buyer.token, { area: EU_AREA, uploadId: preview.uploadId }),
      ),
    );
    const results = answers.map((answer) => expectOk(instantExcelEndpoints.applyUpload, answer));
    expect(results.filter((result) => result.isFirstApply)).toHaveLength(1);
    expect(await cartLines(buyer)).toEqual(['X-100-02 × 4', 'X-600 × 3']);
  });

  it('answers 404 for a preview past its lifetime, and deletes such previews when the customer validates again', async () => {
    const old = await validate(buyer.token, { pastedText: 'X-200; 1' });
    const dayAndMinuteAgo = new Date(Date.now() - UPLOAD_PREVIEW_LIFETIME_MS - 60_000);
    await testApp.db
      .update(instantExcelUploads)
      .set({ createdAt: dayAndMinuteAgo })
      .where(eq(instantExcelUploads.id, old.uploadId));
    expectError(
      instantExcelEndpoints.applyUpload,
      await call(instantExcelEndpoints.applyUpload, buyer.token, { area: EU_AREA, uploadId: old.uploadId }),
      404,
    );
    const fresh = await validate(buyer.token, { pastedText: 'X-200; 1' });
    const kept = await testApp.db
      .select({ id: instantExcelUploads.id })
      .from(instantExcelUploads)
      .where(eq(instantExcelUploads.customerId, buyer.customerId));
    expect(kept.map((row) => row.id)).toContain(fresh.uploadId);
    expect(kept.map((row) => row.id)).not.toContain(old.uploadId);
  });

  it('answers 404 for another customer’s upload and for an unknown id', async () => {
    const preview = await validate(buyer.token, { pastedText: 'X-200; 1' });
    expectError(
      instantExcelEndpoints.applyUpload,
      await call(instantExcelEndpoints.applyUpload, foreign.token, { area: EU_AREA, uploadId: preview.uploadId }),
      404,
    );
    expectError(
      instantExcelEndpoints.applyUpload,
      await call(instantExcelEndpoints.applyUpload, buyer.token, {
        area: EU_AREA,
        uploadId: '00000000-0000-4000-8000-000000000000',
      }),
      404,
    );
  });
});

describe('ValidateUpload: CSV dialects', () => {
  it.each([
    ['comma, UTF-8', Buffer.from('Item number,Quantity\r\nX-100-02,2\r\nX-200,1\r\n', 'utf8')],
    ['semicolon, UTF-8 with BOM', Buffer.from('\ufeffItem number;Quantity\nX-100-02;2\nX-200;1\n', 'utf8')],
    // "Bemærkning" (remark) with æ = 0xE6 in Windows-1252
    [
      'semicolon, Windows-1252',
      Buffer.concat([
        Buffer.from('Item number;Bem'),
        Buffer.from([0xe6]),
        Buffer.from('rkning;Quantity\nX-100-02;f'),
        Buffer.from([0xe6]),
        Buffer.from(';2\nX-200;;1\n'),
      ]),
    ],
    [
      'tab, UTF-16 (Excel "Unicode text")',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('Item number\tQuantity\nX-100-02\t2\nX-200\t1', 'utf16le'),
      ]),
    ],
  ])('%s', async (_dialect, bytes) => {
    const preview = await validate(buyer.token, file('order.csv', bytes));
    expect(preview.source).toBe('csv');
    expect(preview.rows.map((row) => [row.rowNumber, row.itemNumber, row.quantity])).toEqual([
      [2, 'X-100-02', 2],
      [3, 'X-200', 1],
    ]);
  });

  it('reads a quantity formula in a CSV as a formula, not a number', async () => {
    const preview = await validate(buyer.token, file('order.csv', 'Item number;Quantity\nX-200;=1+1\n'));
    expect(preview.rows[0]).toMatchObject({ status: 'invalidQuantity', invalidQuantityReason: 'formula' });
  });
});

/** The sheet as DownloadSheet lays it out: a title row, the header, rows with the hidden variant key. */
async function buildSheet(rows: Array<{ item: string; variant: string; key: string; quantity: ExcelJS.CellValue }>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Order');
  sheet.addRow(['Test customer, 27 Nov 2026']);
  sheet.addRow([
    SHEET_COLUMN_HEADERS.itemNumber,
    SHEET_COLUMN_HEADERS.variantNumber,
    'Name',
    SHEET_COLUMN_HEADERS.quantity,
    SHEET_COLUMN_HEADERS.variantKey,
  ]);
  for (const row of rows) sheet.addRow([row.item, row.variant, 'A name', row.quantity, row.key]);
  sheet.getColumn(5).hidden = true;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('ValidateUpload and ApplyUpload: an .xlsx', () => {
  it('reads values only, resolves by the hidden variant key, names each row by its sheet row, and applies exactly', async () => {
    await emptyCart(buyer);
    const bytes = await buildSheet([
      // renamed numbers: the key still names X-100-02
      {
        item: 'renamed',
        variant: 'renamed-too',
        key: formatVariantKey({ productId: 'X-100', variantId: 'X-100-02' }),
        quantity: 3,
      },
      { item: 'X-200', variant: '', key: '', quantity: { formula: 'A1*2', result: 4 } },
      { item: 'X-100', variant: 'X-100-01', key: '', quantity: -1 },
      { item: 'X-100', variant: '', key: '', quantity: 1 },
      { item: 'NOPE-1', variant: '', key: '', quantity: 1 },
      {
        item: 'X-300',
        variant: 'X-300-01',
        key: formatVariantKey({ productId: 'X-300', variantId: 'X-300-01' }),
        quantity: null,
      },
      { item: 'X-200', variant: '', key: formatVariantKey({ productId: 'X-200', variantId: null }), quantity: 'two' },
      { item: 'X-600', variant: '', key: formatVariantKey({ productId: 'X-600', variantId: null }), quantity: 2 },
    ]);
    const preview = await validate(buyer.token, file('order.xlsx', bytes));
    expect(preview.source).toBe('xlsx');
    expect(preview.rows.map((row) => [row.rowNumber, row.itemNumber, row.status, row.invalidQuantityReason])).toEqual([
      [3, 'renamed-too', 'added', null],
      [4, 'X-200', 'invalidQuantity', 'formula'],
      [5, 'X-100-01', 'invalidQuantity', 'negative'],
      [6, 'X-100', 'needsVariant', null],
      [7, 'NOPE-1', 'unknownItem', null],
      [9, 'X-200', 'invalidQuantity', 'text'],
      [10, 'X-600', 'added', null],
    ]);
    expect(preview.rows[1]?.quantityText).toBe('=A1*2');
    expect(preview.summary).toMatchObject({ skippedRowCount: 1, lineCount: 2, netTotal: 62.5 });

    const applied = await apply(buyer.token, preview.uploadId);
    expect(
      applied.newLines.map((line) => [line.productKey.variantId ?? line.productKey.productId, line.quantityAfter]),
    ).toEqual([
      ['X-100-02', 3],
      ['X-600', 2],
    ]);
    expect(await cartLines(buyer)).toEqual(['X-100-02 × 3', 'X-600 × 2']);
  });

  it('falls back to the item and variant numbers when the sheet has no key column', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Mine');
    sheet.addRow(['item no', 'qty']);
    sheet.addRow(['X-100-02', 2]);
    const preview = await validate(buyer.token, file('mine.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(preview.rows.map((row) => [row.rowNumber, row.status, row.quantity])).toEqual([[2, 'increased', 2]]);
  });

  it('falls back to the numbers when a row’s variant key names nothing any more', async () => {
    const bytes = await buildSheet([
      {
        item: 'X-100',
        variant: 'X-100-02',
        key: formatVariantKey({ productId: 'GONE', variantId: 'GONE-01' }),
        quantity: 1,
      },
    ]);
    const preview = await validate(buyer.token, file('order.xlsx', bytes));
    expect(preview.rows.map((row) => [row.rowNumber, row.itemNumber, row.line?.productKey.variantId])).toEqual([
      [3, 'X-100-02', 'X-100-02'],
    ]);
  });
});

/** A zip of the parts given, each deflated; `declaredSize` overrides the size its headers state. */
function buildZip(parts: Array<{ name: string; deflated: Buffer; size: number; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `megabytes` MB of zeros, deflated chunk by chunk (a few hundred KB). */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < megabytes; index++) deflate.write(megabyte);
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

describe('ValidateUpload: bad files are refused with the reason, the cart unchanged and nothing stored', () => {
  it('refuses each bad file with 400 on file', async () => {
    await emptyCart(buyer);
    expectOk(
      instantExcelEndpoints.applyUpload,
      await call(instantExcelEndpoints.applyUpload, buyer.token, {
        area: EU_AREA,
        uploadId: (await validate(buyer.token, { pastedText: 'X-200; 1' })).uploadId,
      }),
    );
    const cartBefore = await cartLines(buyer);
    const uploadsBefore = await storedUploadCount(buyer);
    const zeros = await deflatedZeros(101);
    const compoundFile = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
    ]);
    const workbookPart = { name: 'xl/workbook.xml', deflated: deflateRawSync(Buffer.alloc(0)), size: 0 };
    const truncatedSheet = (await buildSheet([{ item: 'X-200', variant: '', key: '', quantity: 1 }])).subarray(0, 400);
    const tooManyRows = `Item number;Quantity\n${'X-200;1\n'.repeat(MAX_UPLOAD_ROWS + 1)}`;

    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        'a PNG',
        file('photo.xlsx', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
        /not a spreadsheet/,
      ],
      ['an .xls', file('old.xls', compoundFile), /old Excel file \(\.xls\)/],
      [
        'a password-protected workbook',
        file('secret.xlsx', Buffer.concat([compoundFile, Buffer.from('EncryptedPackage', 'utf16le')])),
        /protected with a password/,
      ],
      [
        'a Numbers file',
        file('order.numbers', buildZip([{ name: 'Index/Document.iwa', deflated: Buffer.alloc(2), size: 0 }])),
        /Apple Numbers/,
      ],
      ['a corrupt workbook', file('broken.xlsx', truncatedSheet), /damaged/],
      [
        'a zip bomb that declares its size',
        file(
          'bomb.xlsx',
          buildZip([workbookPart, { name: 'xl/worksheets/sheet1.xml', deflated: zeros, size: 101 * 1024 * 1024 }]),
        ),
        /unpacks to more than 100 MB/,
      ],
      [
        'a zip bomb that hides its size',
        file(
          'bomb.xlsx',
          buildZip([
            workbookPart,
            { name: 'xl/worksheets/sheet1.xml', deflated: zeros, size: 101 * 1024 * 1024, declaredSize: 1000 },
          ]),
        ),
        /unpacks to more than 100 MB/,
      ],
      ['more than 10,000 rows', file('big.csv', tooManyRows), /more than 10,000 rows with a quantity/],
      ['no Quantity column', file('order.csv', 'Item number;Amount\nX-200;1\n'), /no "Quantity" column/],
      [
        'an empty file',
        { file: { fileName: 'empty.csv', contentBase64: Buffer.from(' ').toString('base64') } },
        /no "Quantity" column/,
      ],
    ];
    for (const [name, body, message] of cases) {
      const answer = await call(instantExcelEndpoints.validateUpload, buyer.token, { area: EU_AREA, ...body });
      expect(answer.statusCode, name).toBe(400);
      const error = expectError(instantExcelEndpoints.validateUpload, answer, 400, 'ValidationException');
      expect(error.errors?.[0]?.field, name).toBe('file');
      expect(error.errors?.[0]?.message, name).toMatch(message);
    }
    // more than 10 MB: refused by the body's schema before it is decoded
    const tooLarge = await call(instantExcelEndpoints.validateUpload, buyer.token, {
      area: EU_AREA,
      file: { fileName: 'huge.csv', contentBase64: 'A'.repeat(Math.ceil((10 * 1024 * 1024) / 3) * 4 + 4) },
    });
    expect(expectError(instantExcelEndpoints.validateUpload, tooLarge, 400).errors?.[0]?.field).toBe(
      'file.contentBase64',
    );

    expect(await cartLines(buyer)).toEqual(cartBefore);
    expect(await storedUploadCount(buyer)).toBe(uploadsBefore);
  });
});
