import { readFile } from 'node:fs/promises';
import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { SHEET_COLUMN_HEADERS } from '@b2b/contract/instant-excel';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * Instant Excel (issue 26 §2) in real Chromium against the seeded demo shop: eu-buyer downloads the personalised
 * sheet of a brand, fills three rows in the test with the same spreadsheet library (two of the sheet's variants and
 * one unknown item number in a row of its own), uploads it; the preview names the unknown row by its number, "Add to
 * cart" (pressed twice) adds the two lines once, and the cart holds them with the total the page showed. Pasted lines
 * raise a line; a file that is no spreadsheet is refused with the API's message and changes nothing. On the desktop
 * and at 390 px, axe clean, the preview's rows cards on the phone.
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const BUYER_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const PAGE_PATH = '/customer-center/instant-excel';
const UNKNOWN_ITEM_NUMBER = 'NO-SUCH-ITEM-404';
const PHONE = { width: 390, height: 844 };
/** The sheet's column of the stock available now (the rows filled are ones whose stock covers the quantity). */
const AVAILABLE_HEADER = 'Available';

async function emptyCart(request: APIRequestContext): Promise<string> {
  const token = await logInToApi(request, BUYER, BUYER_AREA);
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: BUYER_AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: BUYER_AREA, cartId: cart.cartId } });
  return token;
}

async function cartLines(request: APIRequestContext, token: string) {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: BUYER_AREA } });
  return cart.lines.filter((line) => line.parentId === null);
}

type FilledSheet = { bytes: Buffer; filled: Array<{ itemNumber: string; quantity: number }>; unknownRow: number };

/** The column of a header text in the sheet's header row (the row holding "Quantity"). */
function findHeader(sheet: ExcelJS.Worksheet): { row: number; columns: Map<string, number> } {
  for (let rowNumber = 1; rowNumber <= 10; rowNumber++) {
    const columns = new Map<string, number>();
    sheet.getRow(rowNumber).eachCell((cell, column) => {
      columns.set(String(cell.value ?? '').trim(), column);
    });
    if (columns.has(SHEET_COLUMN_HEADERS.quantity)) return { row: rowNumber, columns };
  }
  throw new Error('the sheet has no Quantity column in its first 10 rows');
}

/**
 * Fills quantities into the first two variants of the downloaded sheet whose stock covers them (so they are "added",
 * not backorders), and writes one unknown item number in a new row below the last: three rows in all.
 */
async function fillSheet(downloaded: Buffer): Promise<FilledSheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer of its own; a copy of the bytes is one
  await workbook.xlsx.load(new Uint8Array(downloaded).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the download holds no worksheet');
  const header = findHeader(sheet);
  const column = (name: string) => {
    const index = header.columns.get(name);
    if (!index) throw new Error(`the sheet has no ${name} column`);
    return index;
  };
  const quantityColumn = column(SHEET_COLUMN_HEADERS.quantity);
  const variantColumn = column(SHEET_COLUMN_HEADERS.variantNumber);
  const itemColumn = column(SHEET_COLUMN_HEADERS.itemNumber);
  const availableColumn = column(AVAILABLE_HEADER);
  const filled: FilledSheet['filled'] = [];
  for (let rowNumber = header.row + 1; rowNumber <= sheet.rowCount && filled.length < 2; rowNumber++) {
    const row = sheet.getRow(rowNumber);
    const variant = String(row.getCell(variantColumn).value ?? '').trim();
    const item = String(row.getCell(itemColumn).value ?? '').trim();
    const quantity = filled.length + 1;
    if ((!variant && !item) || Number(row.getCell(availableColumn).value ?? 0) < quantity) continue;
    row.getCell(quantityColumn).value = quantity;
    row.commit();
    filled.push({ itemNumber: variant || item, quantity });
  }
  if (filled.length < 2) throw new Error('the sheet holds fewer than two variants');
  const unknownRow = sheet.rowCount + 1;
  const added = sheet.getRow(unknownRow);
  added.getCell(itemColumn).value = UNKNOWN_ITEM_NUMBER;
  added.getCell(quantityColumn).value = 5;
  added.commit();
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), filled, unknownRow };
}

async function openPage(page: Page): Promise<void> {
  await page.goto('/customer-center');
  await page.getByRole('navigation', { name: 'Customer center' }).getByRole('link', { name: 'Instant Excel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instant Excel' })).toBeVisible();
}

/** The variant numbers of the sheet's data rows (below the header row), read with the library that wrote them. */
async function sheetVariantNumbers(bytes: Buffer): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the download holds no worksheet');
  const header = findHeader(sheet);
  const variantColumn = header.columns.get(SHEET_COLUMN_HEADERS.variantNumber) ?? 0;
  const numbers: string[] = [];
  for (let rowNumber = header.row + 1; rowNumber <= sheet.rowCount; rowNumber++) {
    const value = String(sheet.getRow(rowNumber).getCell(variantColumn).value ?? '').trim();
    if (value) numbers.push(value);
  }
  return numbers;
}

async function downloadChosenSheet(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download sheet (.xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  return readFile(await download.path());
}

async function downloadBrandSheet(page: Page): Promise<Buffer> {
  const form = page.getByRole('group', { name: 'What the sheet holds' });
  // choosing a brand in its list chooses the brand scope too
  const brands = form.getByRole('combobox', { name: 'Brand' });
  const firstBrand = await brands.locator('option').first().getAttribute('value');
  await brands.selectOption(firstBrand ?? '');
  await expect(form.getByRole('radio', { name: 'A brand' })).toBeChecked();
  const bytes = await downloadChosenSheet(page);
  // an .xlsx is a zip
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  return bytes;
}

test('sheet round trip: download → three rows filled, one unknown → the preview names it → the cart holds two new lines', async ({
  page,
  request,
}) => {
  const token = await emptyCart(request);
  await logIn(page, BUYER.username);
  await openPage(page);
  await expectNoAxeViolations(page);

  const sheet = await fillSheet(await downloadBrandSheet(page));

  await test.step('upload: the preview names the unknown row by its number; nothing is added yet', async () => {
    await page.getByLabel('Sheet (.xlsx or .csv)').setInputFiles({
      name: 'order.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet.bytes,
    });
    await page.getByRole('button', { name: 'Check rows' }).click();
    const preview = page.getByTestId('upload-preview');
    await expect(preview.getByRole('heading', { name: '3. Check and add to cart' })).toBeFocused();
    await expect(preview.getByTestId('upload-summary')).toContainText('3 rows: 2 to add, 1 not added.');
    const unknown = preview.getByRole('row', { name: new RegExp(`^Row ${sheet.unknownRow}\\b`) });
    await expect(unknown.getByTestId('preview-row-status')).toHaveText('Unknown item');
    await expect(unknown).toContainText(UNKNOWN_ITEM_NUMBER);
    for (const row of sheet.filled) {
      await expect(
        preview.getByRole('row').filter({ hasText: row.itemNumber }).getByTestId('preview-row-status'),
      ).toHaveText('Added');
    }
    expect(await cartLines(request, token)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  let shownTotal = '';
  await test.step('"Add to cart", pressed twice: two new lines, once, and the new total', async () => {
    await page.getByRole('button', { name: 'Add to cart' }).dblclick();
    const difference = page.getByTestId('cart-difference');
    await expect(difference.getByRole('heading', { name: 'Added to your cart' })).toBeFocused();
    await expect(difference.getByRole('heading', { name: '2 new lines' })).toBeVisible();
    await expect(difference.getByTestId('difference-line')).toHaveCount(2);
    shownTotal = (await difference.getByTestId('difference-total').textContent()) ?? '';
    expect(shownTotal).toMatch(/^€[\d,]+\.\d{2}$/);
    const lines = await cartLines(request, token);
    expect(lines.map((line) => line.quantity).sort()).toEqual(sheet.filled.map((row) => row.quantity).sort());
    await expectNoAxeViolations(page);
  });

  await test.step('the cart holds the two lines with the total the page showed', async () => {
    await page.getByTestId('cart-difference').getByRole('link', { name: 'Go to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-total')).toContainText(shownTotal);
  });

  await test.step('by keyboard alone: pasted lines raise a line the cart holds', async () => {
    const [first] = sheet.filled;
    if (!first) throw new Error('no filled row');
    await page.goto(PAGE_PATH);
    const pasteBox = page.getByLabel('Or paste lines');
    await pasteBox.focus();
    await page.keyboard.type(`${first.itemNumber}; 3`);
    await page.keyboard.press('Enter');
    await page.keyboard.type(`${UNKNOWN_ITEM_NUMBER}; 1`);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Check rows' })).toBeFocused();
    await page.keyboard.press('Enter');
    const preview = page.getByTestId('upload-preview');
    await expect(preview.getByRole('heading', { name: '3. Check and add to cart' })).toBeFocused();
    await expect(preview.getByTestId('upload-summary')).toContainText('Pasted lines: 2 rows: 1 to add, 1 not added.');
    await expect(preview.getByRole('row', { name: /^Row 1\b/ }).getByTestId('preview-row-status')).toHaveText(
      'Increased',
    );
    await expect(preview.getByRole('row', { name: /^Row 2\b/ }).getByTestId('preview-row-status')).toHaveText(
      'Unknown item',
    );
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeFocused();
    await page.keyboard.press('Enter');
    const difference = page.getByTestId('cart-difference');
    await expect(difference.getByRole('heading', { name: 'Added to your cart' })).toBeFocused();
    await expect(difference.getByRole('heading', { name: '1 changed quantity' })).toBeVisible();
    await expect(difference.getByTestId('difference-line')).toContainText(`${first.quantity} → ${first.quantity + 3}`);
    const lines = await cartLines(request, token);
    expect(lines.find((line) => line.quantity === first.quantity + 3)).toBeDefined();
  });
});

test('the favourite list page’s link preselects the list, and its sheet holds the list’s variants', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, BUYER_AREA);
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    body: { area: BUYER_AREA, facets: [], skip: 0, take: 1 },
  });
  const product = items[0]?.item;
  const variant = product?.variants[0];
  if (!product || !variant) throw new Error('the catalogue has no product with variants first');
  const list = await callApi(request, favoriteListEndpoints.addOrUpdateFavoriteList, {
    token,
    body: {
      area: BUYER_AREA,
      favouriteList: {
        listName: `Sheet test ${Date.now()}`,
        products: [{ productId: product.id, variantId: variant.id, unitOfMeasure: product.unitOfMeasure }],
      },
    },
  });

  await logIn(page, BUYER.username);
  await page.goto(`${PAGE_PATH}?scope=favorite-list&listId=${list.listId}`);
  const form = page.getByRole('group', { name: 'What the sheet holds' });
  await expect(form.getByRole('radio', { name: 'A favourite list' })).toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Favourite list' })).toHaveValue(list.listId);
  await expectNoAxeViolations(page);
  expect(await sheetVariantNumbers(await downloadChosenSheet(page))).toEqual([variant.id]);
});

test('a file that is no spreadsheet: the API’s message, and the cart does not change', async ({ page, request }) => {
  const token = await emptyCart(request);
  await logIn(page, BUYER.username);
  await page.goto(PAGE_PATH);
  await page.getByLabel('Sheet (.xlsx or .csv)').setInputFiles({
    name: 'order.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('This is a letter, not a spreadsheet.\n'),
  });
  await page.getByRole('button', { name: 'Check rows' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The sheet could not be read' });
  await expect(alert).toBeVisible();
  await expect(alert.getByTestId('upload-refusal')).not.toBeEmpty();
  await expect(page.getByTestId('upload-preview')).toHaveCount(0);
  expect(await cartLines(request, token)).toEqual([]);
  await expectNoAxeViolations(page);
});

test('on a phone: the preview’s rows are cards inside the screen, nothing scrolls sideways, axe clean', async ({
  page,
  request,
}) => {
  await emptyCart(request);
  await logIn(page, BUYER.username);
  // the phone's header hides the account name the login helper waits for: the phone's size comes after it
  await page.setViewportSize(PHONE);
  await page.goto(PAGE_PATH);
  await expectNoAxeViolations(page);
  await page.getByLabel('Or paste lines').fill(`${UNKNOWN_ITEM_NUMBER}; 1\nANOTHER-UNKNOWN; 2`);
  await page.getByRole('button', { name: 'Check rows' }).click();
  const rows = page.getByTestId('preview-row');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    const box = await row.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
  }
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(wide).toBe(false);
  await expectNoAxeViolations(page);
});
