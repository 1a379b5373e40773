import type { AreaInfo } from '@b2b/contract';
import type { Cart } from '@b2b/contract/cart';
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { waitForHydration } from './support/hydration.ts';
import { logIn } from './support/log-in.ts';
import { callApi, E2E_API_URL, logInToApi } from './support/shop-api.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * Favourite lists in the storefront (issue 26 §1): a heart on a listing card adds the chosen variant to the active
 * list and a toast names the list; the list page shows it and "Add all to cart" puts it in the cart in one call; the
 * lists page creates, renames, deletes (after asking) and sets a list active; a heart works without JavaScript (a
 * form post and back); the list page by keyboard alone; a save another tab overtook shows the API's 409 message.
 * axe on each page, on the desktop and at 390 px. The buyer is eu-buyer; what it adds to the cart it takes out again.
 */

const LISTS_PATH = '/customer-center/favorite-list';
const PHONE = { width: 390, height: 844 };
const EU_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };

/** The buyer's cart lines as the storefront's cart resource has them: item number → quantity. */
async function cartQuantities(page: Page): Promise<Map<string, { id: string; quantity: number }>> {
  const response = await page.request.get('/resources/cart');
  expect(response.ok()).toBe(true);
  const { cart } = (await response.json()) as { cart: Cart };
  return new Map(
    cart.lines
      .filter((line) => !line.parentId)
      .map((line) => [
        line.productKey.variantId ?? line.productKey.productId,
        { id: line.id, quantity: line.quantity },
      ]),
  );
}

/** Sets a cart line back to `quantity` (0 deletes it) through the cart's own action. */
async function restoreCartLine(page: Page, lineId: string, quantity: number): Promise<void> {
  const response = await page.request.post('/cart', {
    headers: { Origin: new URL(page.url()).origin },
    form: { intent: 'update-quantity', lineId, quantity: String(quantity) },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
}

/** The first listing card that has a choice of variants, with its item number. */
async function cardWithVariants(page: Page): Promise<{ card: Locator; select: Locator }> {
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('option', { name: 'Choose…' }) })
    .first();
  return { card, select: card.getByRole('combobox') };
}

/** A list's row on the lists page, by its name. */
function listRow(page: Page, name: string): Locator {
  return page.getByTestId('favorite-list-row').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe('favourite lists', () => {
  test('a heart on a card → a toast naming the list → the list page shows it → Add all to cart → the cart has it', async ({
    page,
  }) => {
    await logIn(page, 'eu-buyer');
    await page.goto('/search');
    await waitForHydration(page);
    const { card, select } = await cardWithVariants(page);
    await select.selectOption({ index: 1 });
    const variantId = await select.inputValue();
    const heart = card.getByRole('button', { name: /^Add .+ to Favorite list$/ });
    await heart.click();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts).toContainText('Added to Favorite list.');
    await expect(card.getByRole('button', { name: /^Remove .+ from Favorite list$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await test.step('the lists page: the first list, active', async () => {
      await page.goto(LISTS_PATH);
      const row = listRow(page, 'Favorite list');
      await expect(row.getByTestId('active-list-badge')).toBeVisible();
      await expect(row).toContainText('1 product');
      await expectNoAxeViolations(page);
      await row.getByRole('link', { name: 'Favorite list', exact: true }).click();
    });

    const before = await cartQuantities(page);
    await test.step('the list page: the variant with its price and stock; Add all to cart', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Favorite list' })).toBeVisible();
      const line = page.getByTestId('favorite-line').filter({ hasText: variantId });
      await expect(line.getByTestId('favorite-item-number')).toHaveText(variantId);
      await expect(line.getByTestId('favorite-price')).toContainText('€');
      await expect(line.getByTestId('stock-status')).toBeVisible();
      await expect(page.getByTestId('instant-excel-link')).toHaveAttribute(
        'href',
        new RegExp(`^/customer-center/instant-excel\\?scope=favorite-list&listId=${page.url().split('/').pop()}$`),
      );
      await expectNoAxeViolations(page);
      await line.getByLabel(/^Quantity/).fill('2');
      await page.getByRole('button', { name: 'Add all to cart' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Added 2 units (1 line) to the cart.' })).toBeVisible();
    });

    const after = await cartQuantities(page);
    const added = after.get(variantId);
    expect(added?.quantity).toBe((before.get(variantId)?.quantity ?? 0) + 2);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line').filter({ hasText: variantId })).toBeVisible();
    // the cart line's heart says the variant is in the list
    await expect(
      page
        .getByTestId('cart-line')
        .filter({ hasText: variantId })
        .getByRole('button', { name: /from Favorite list$/ }),
    ).toBeVisible();
    await restoreCartLine(page, added?.id ?? '', before.get(variantId)?.quantity ?? 0);
  });

  test('the lists page: create, rename, set active, delete after asking; on the desktop and at 390 px', async ({
    page,
  }) => {
    await logIn(page, 'eu-buyer');
    for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(LISTS_PATH);
      const suffix = viewport.width;
      await test.step(`create (${suffix})`, async () => {
        await page.getByRole('textbox', { name: 'Name' }).fill(`Season ${suffix}`);
        await page.getByRole('button', { name: 'Create list' }).click();
        // a new list is the active one, first on the page
        await expect(page.getByTestId('favorite-list-row').first()).toContainText(`Season ${suffix}`);
        await expect(listRow(page, `Season ${suffix}`).getByTestId('active-list-badge')).toBeVisible();
      });
      await test.step(`rename (${suffix})`, async () => {
        await listRow(page, `Season ${suffix}`)
          .getByRole('link', { name: /^Rename/ })
          .click();
        const field = page.getByRole('textbox', { name: `New name for Season ${suffix}` });
        await expect(field).toBeFocused();
        await field.fill(`Winter ${suffix}`);
        await page.getByRole('button', { name: 'Save name' }).click();
        await expect(listRow(page, `Winter ${suffix}`)).toBeVisible();
        await expect(listRow(page, `Season ${suffix}`)).toHaveCount(0);
      });
      await test.step(`set active (${suffix})`, async () => {
        const first = listRow(page, 'Favorite list');
        await first.getByRole('button', { name: /^Set active/ }).click();
        await expect(
          page.getByRole('status').filter({ hasText: 'Favorite list is the active list now' }),
        ).toBeVisible();
        await expect(page.getByTestId('favorite-list-row').first()).toContainText('Favorite list');
        await expect(listRow(page, 'Favorite list').getByTestId('active-list-badge')).toBeVisible();
        await expectNoAxeViolations(page);
      });
      await test.step(`delete, after asking (${suffix})`, async () => {
        await listRow(page, `Winter ${suffix}`)
          .getByRole('link', { name: /^Delete/ })
          .click();
        const question = page.getByTestId('delete-confirmation');
        await expect(question).toContainText(`Delete “Winter ${suffix}”`);
        await expectNoAxeViolations(page);
        await question.getByRole('link', { name: 'Keep it' }).click();
        await expect(listRow(page, `Winter ${suffix}`)).toBeVisible();
        await listRow(page, `Winter ${suffix}`)
          .getByRole('link', { name: /^Delete/ })
          .click();
        await page.getByRole('button', { name: 'Delete list' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'The list was deleted.' })).toBeVisible();
        await expect(listRow(page, `Winter ${suffix}`)).toHaveCount(0);
      });
      const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrollsSideways).toBe(false);
    }
  });

  test('more than 15 lists: the next page reaches them, and search finds one', async ({ page, request }) => {
    // 16 lists made through the API (what the lists page's create does, 16 times), taken away again at the end
    const token = await logInToApi(request, { username: 'eu-buyer', password: 'demo' }, EU_AREA);
    const names = Array.from({ length: 16 }, (_, index) => `Range ${String(index + 1).padStart(2, '0')}`);
    const made: string[] = [];
    for (const listName of names) {
      const list = await callApi(request, favoriteListEndpoints.addOrUpdateFavoriteList, {
        body: { area: EU_AREA, favouriteList: { listName, products: [] } },
        token,
      });
      made.push(list.listId);
    }
    await logIn(page, 'eu-buyer');
    await page.goto(LISTS_PATH);
    // spec §9: 15 a page, most recently touched first
    await expect(page.getByTestId('favorite-list-row')).toHaveCount(15);
    await expect(page.getByTestId('favorite-list-row').first()).toContainText('Range 16');
    await expect(page.getByTestId('favorite-lists-count')).toContainText('page 1 of 2');
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\?p=2$/);
    await expect(listRow(page, 'Favorite list')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('searchbox', { name: 'List name' }).fill('Range 07');
    await page.getByRole('button', { name: 'Find lists' }).click();
    await expect(page.getByTestId('favorite-list-row')).toHaveCount(1);
    await expect(listRow(page, 'Range 07')).toBeVisible();
    for (const listId of made) {
      // 204 without a body (callApi reads a JSON answer)
      const deleted = await request.fetch(`${E2E_API_URL}${favoriteListEndpoints.deleteFavoriteList.path}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
        data: { area: EU_AREA, listId },
      });
      expect(deleted.status()).toBe(204);
    }
  });

  test('the list page by keyboard alone, and at 390 px', async ({ page }) => {
    await logIn(page, 'eu-buyer');
    await page.goto(LISTS_PATH);
    await listRow(page, 'Favorite list').getByRole('link', { name: 'Favorite list', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Favorite list' })).toBeVisible();
    await waitForHydration(page);
    const line = page.getByTestId('favorite-line').first();
    const itemNumber = (await line.getByTestId('favorite-item-number').textContent()) ?? '';
    const before = await cartQuantities(page);

    /** Tabs until `target` has the focus (at most 60 presses). */
    const tabTo = async (target: Locator) => {
      for (let presses = 0; presses < 60; presses++) {
        if (await target.evaluate((element) => element === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('not reached by Tab');
    };
    await tabTo(page.getByLabel('Sort by'));
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/sort=name/);
    await tabTo(line.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await expect(line.getByRole('checkbox')).toBeChecked();
    await tabTo(line.getByLabel(/^Quantity/));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3');
    await tabTo(page.getByRole('button', { name: 'Add selected' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Added 3 units (1 line) to the cart.' })).toBeVisible();
    const added = (await cartQuantities(page)).get(itemNumber);
    expect(added?.quantity).toBe((before.get(itemNumber)?.quantity ?? 0) + 3);
    await restoreCartLine(page, added?.id ?? '', before.get(itemNumber)?.quantity ?? 0);

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByTestId('favorite-line').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectNoAxeViolations(page);
  });

  test('a quantity far above the usual is asked about first: "Change quantity" adds nothing, confirming adds it', async ({
    page,
    request,
  }) => {
    // a list of its own holding a product whose question comes below its line limit (ADR 019)
    const token = await logInToApi(request, { username: 'eu-buyer', password: 'demo' }, EU_AREA);
    const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
      body: { area: EU_AREA, take: 24 },
      token,
    });
    const { items: usual } = await callApi(request, customerEndpoints.getUsualQuantities, {
      body: { area: EU_AREA, productIds: items.map(({ item }) => item.id) },
      token,
    });
    const figures = usual.find((candidate) => candidate.confirmAbove < candidate.maxLineQuantity);
    const product = items.find(({ item }) => item.id === figures?.productId)?.item;
    if (!figures || !product) throw new Error('no product asks below its line limit');
    const variantId = product.variants[0]?.id ?? null;
    const list = await callApi(request, favoriteListEndpoints.addOrUpdateFavoriteList, {
      body: {
        area: EU_AREA,
        favouriteList: { listName: 'Unusual quantities', products: [{ productId: product.id, variantId }] },
      },
      token,
    });
    const itemNumber = variantId ?? product.id;
    const unusual = figures.confirmAbove + 1;

    await logIn(page, 'eu-buyer');
    await page.goto(`${LISTS_PATH}/${list.listId}`);
    await waitForHydration(page);
    const before = await cartQuantities(page);
    const quantity = page
      .getByTestId('favorite-line')
      .first()
      .getByLabel(/^Quantity/);
    await quantity.fill(String(unusual));
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check the quantity' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Change quantity' }).click();
    await expect(quantity).toBeFocused();
    expect((await cartQuantities(page)).get(itemNumber)?.quantity).toBe(before.get(itemNumber)?.quantity);

    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await dialog.getByRole('button', { name: `Add ${unusual.toLocaleString('en-GB')}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Added ${unusual} units (1 line) to the cart.` }),
    ).toBeVisible();
    const added = (await cartQuantities(page)).get(itemNumber);
    expect(added?.quantity).toBe((before.get(itemNumber)?.quantity ?? 0) + unusual);
    await restoreCartLine(page, added?.id ?? '', before.get(itemNumber)?.quantity ?? 0);
    const deleted = await request.fetch(`${E2E_API_URL}${favoriteListEndpoints.deleteFavoriteList.path}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
      data: { area: EU_AREA, listId: list.listId },
    });
    expect(deleted.status()).toBe(204);
  });

  test('two tabs: a removal the other tab overtook shows the 409 message and the list as it is now', async ({
    page,
    context,
  }) => {
    await logIn(page, 'eu-buyer');
    await page.goto(LISTS_PATH);
    await listRow(page, 'Favorite list').getByRole('link', { name: 'Favorite list', exact: true }).click();
    const listUrl = page.url();
    const other = await context.newPage();
    await other.goto(listUrl);
    const count = await page.getByTestId('favorite-line').count();
    expect(count).toBeGreaterThan(0);

    // the other tab adds a product to the list (a heart on a card), so this tab's version is old
    await other.goto('/search');
    await waitForHydration(other);
    const { card, select } = await cardWithVariants(other);
    await select.selectOption({ index: 2 });
    await card.getByRole('button', { name: /^Add .+ to Favorite list$/ }).click();
    await expect(other.getByRole('region', { name: 'Notifications' })).toContainText('Added to Favorite list.');

    await page
      .getByTestId('favorite-line')
      .first()
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(page.getByRole('alert')).toContainText('The list was changed in another window');
    // nothing lost: the other tab's product is there, and the one this tab tried to remove too
    await expect(page.getByTestId('favorite-line')).toHaveCount(count + 1);
    await other.close();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("a listing card's heart posts the listing's one form, and the page comes back with the product in the list", async ({
      page,
    }) => {
      await logIn(page, 'eu-buyer');
      await page.goto('/search');
      const heart = page
        .getByTestId('product-card')
        .first()
        .getByRole('button', { name: /^Add .+ to Favorite list$/ });
      const name = ((await heart.getAttribute('title')) ?? '').replace(/^Add (.+) to Favorite list$/, '$1');
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'POST'),
        heart.click(),
      ]);
      expect(new URL(response.url()).pathname).toBe('/resources/favorite-list');
      await expect(page).toHaveURL(/\/search$/);
      const marked = page
        .getByTestId('product-card')
        .first()
        .getByRole('button', { name: `Remove ${name} from Favorite list` });
      await expect(marked).toBeVisible();
      await marked.click();
      await expect(
        page
          .getByTestId('product-card')
          .first()
          .getByRole('button', { name: `Add ${name} to Favorite list` }),
      ).toBeVisible();
    });

    test('a heart is a form post: back on the same page, the heart says the variant is in the list', async ({
      page,
    }) => {
      await logIn(page, 'eu-buyer');
      await page.goto('/search');
      const { card } = await cardWithVariants(page);
      await card.getByRole('heading').getByRole('link').click();
      const productPath = new URL(page.url()).pathname;
      // the product page's variants each have a heart; the matrix is a form, so the hearts submit a form of their own
      const heart = page
        .getByTestId('variant-matrix')
        .getByRole('button', { name: /^Add .+ to Favorite list$/ })
        .first();
      const name = ((await heart.getAttribute('title')) ?? '').replace(/^Add (.+) to Favorite list$/, '$1');
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'POST'),
        heart.click(),
      ]);
      expect(new URL(response.url()).pathname).toBe('/resources/favorite-list');
      expect(response.status()).toBe(302);
      await expect(page).toHaveURL(new RegExp(`${productPath}$`));
      await expect(
        page.getByTestId('variant-matrix').getByRole('button', { name: `Remove ${name} from Favorite list` }),
      ).toBeVisible();
      // and back out again, the same way
      await page
        .getByTestId('variant-matrix')
        .getByRole('button', { name: `Remove ${name} from Favorite list` })
        .click();
      await expect(
        page.getByTestId('variant-matrix').getByRole('button', { name: `Add ${name} to Favorite list` }),
      ).toBeVisible();
    });
  });
});
