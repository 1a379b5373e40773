import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { callApi } from './support/shop-api.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 24, quick order's messages: the summary under the rows points up to them (and is read out as a status), and
 * a row says each problem once, under the box it concerns. Nothing of it is added, so the buyer's cart stays as it was.
 */

const BUYER = { username: 'us-buyer', password: 'demo' };
const UNKNOWN_ITEM_NUMBER = '99999999';

test('rows not added: the summary points up to them; a refused quantity is said once, under its box', async ({
  page,
  request,
}) => {
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    body: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, facets: [], skip: 0, take: 10 },
  });
  const variantId = items.flatMap(({ item }) => item.variants).find((variant) => variant.stockLevel > 0)?.id;
  if (!variantId) throw new Error('no variant in stock among the first 10 products');

  await page.goto('/login?redirect=%2Fcart');
  await page.getByRole('textbox', { name: 'Username' }).fill(BUYER.username);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);

  const panel = page.getByTestId('quick-order');
  const rows = panel.getByTestId('quick-order-row');
  const item = (row: number) => panel.getByRole('combobox', { name: `Item number, row ${row}` });
  const quantity = (row: number) => panel.getByRole('textbox', { name: `Quantity, row ${row}` });
  await item(1).fill(UNKNOWN_ITEM_NUMBER);
  await item(2).fill(variantId);
  await quantity(2).fill('2.5');
  await item(3).fill(variantId);
  await quantity(3).fill('');
  // the quantity box says it before anything is sent
  await expect(quantity(2)).toHaveAccessibleDescription('Enter a whole number');
  await panel.getByRole('button', { name: 'Add all to cart' }).click();

  const status = panel.getByRole('status').filter({ hasText: 'not added' });
  await expect(status).toHaveText('Nothing was added. 3 rows were not added: see the rows above.');
  // "above" is true: the summary stands below the last row
  const [statusBox, lastRowBox] = await Promise.all([status.boundingBox(), rows.nth(2).boundingBox()]);
  expect((statusBox?.y ?? 0) - ((lastRowBox?.y ?? 0) + (lastRowBox?.height ?? 0))).toBeGreaterThan(0);

  await expect(rows.nth(0).getByTestId('quick-order-problem')).toHaveText(`Unknown item number ${UNKNOWN_ITEM_NUMBER}`);
  await expect(item(1)).toHaveAccessibleDescription(`Unknown item number ${UNKNOWN_ITEM_NUMBER}`);
  await expect(item(1)).toHaveAttribute('aria-invalid', 'true');

  // one "Enter a whole number" under the quantity box, none beside the item number (which is fine)
  await expect(rows.nth(1).getByText('Enter a whole number')).toHaveCount(1);
  await expect(quantity(2)).toHaveAttribute('aria-invalid', 'true');
  await expect(quantity(2)).toHaveAccessibleDescription('Enter a whole number');
  await expect(item(2)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(rows.nth(1).getByTestId('quick-order-problem')).toHaveCount(0);

  await expect(rows.nth(2).getByTestId('quick-order-problem')).toHaveText('Enter a quantity');
  await expectNoAxeViolations(page);

  // a corrected quantity takes its message away
  await quantity(2).fill('2');
  await expect(rows.nth(1).getByText('Enter a whole number')).toHaveCount(0);
});
