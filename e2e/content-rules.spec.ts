import { backofficeDocumentEndpoints } from '@b2b/contract/endpoints/backoffice-documents';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { waitForHydratedElement } from './support/hydration.ts';
import { logIn } from './support/log-in.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Content the visitor may not open, and redirects the content call answers (issue 29, spec §2 routing rules, §8
 * "403 on content by url"). The seed's ordering guide is for logged-in customers only, its sales desk page for sales
 * reps only (packages/db/src/seed/content-pages.ts); /winter-clearance is a stored 302 to /snow.
 */

const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const PHONE = { width: 390, height: 844 };

async function expectForbiddenPage(page: Page, message: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Forbidden' })).toBeVisible();
  await expect(page).toHaveTitle(/^Forbidden/);
  await expect(page.getByTestId('error-message')).toHaveText(message);
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a page for logged-in customers is Forbidden to a visitor, who logs in and lands on it', async ({ page }) => {
      const response = await page.goto('/ordering-guide');
      expect(response?.status()).toBe(403);
      await expectForbiddenPage(page, 'This page is for logged-in customers only. Log in to see it.');
      await expectNoAxeViolations(page);

      await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fordering-guide$/);
      await page.getByRole('textbox', { name: 'Username' }).fill('eu-buyer');
      await page.getByLabel('Password', { exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page).toHaveURL(/\/ordering-guide$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Ordering guide' })).toBeVisible();
      await expect(page).toHaveTitle(/^Ordering guide for account holders/);
    });

    test("a sales reps' page is Forbidden to a buyer, saying who is logged in", async ({ page }) => {
      // through the login page's redirect, which works on a phone too (the header's account name is desktop only)
      await page.goto('/login?redirect=%2Fcart');
      await page.getByRole('textbox', { name: 'Username' }).fill('eu-buyer');
      await page.getByLabel('Password', { exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page).toHaveURL(/\/cart$/);
      const response = await page.goto('/sales-desk');
      expect(response?.status()).toBe(403);
      // Eva Berger is eu-buyer's name in the demo data
      await expectForbiddenPage(
        page,
        'You are logged in as Eva Berger. This page is for sales reps only; your login does not give access to it.',
      );
      // logged in already: no login offered, the front page instead
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
      await expect(main.getByRole('link', { name: 'Go to the front page' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('a sales rep opens the sales desk page', async ({ page }) => {
  await logIn(page, 'sales-rep');
  const response = await page.goto('/sales-desk');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales desk' })).toBeVisible();
});

test('the Forbidden page is never kept for the next visitor: a logged-in buyer gets the page', async ({ browser }) => {
  const visitor = await browser.newPage();
  expect((await visitor.goto('/ordering-guide'))?.status()).toBe(403);
  await visitor.close();
  const buyer = await browser.newPage();
  await logIn(buyer, 'eu-buyer');
  expect((await buyer.goto('/ordering-guide'))?.status()).toBe(200);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Ordering guide' })).toBeVisible();
  await buyer.close();
});

test('a content redirect is followed with its status on a page load, and in-app from a link', async ({
  page,
  request,
}) => {
  await test.step('page load: the 302 the content call answers, then its target', async () => {
    const direct = await page.request.get('/en-GB/winter-clearance?utm_source=mail', { maxRedirects: 0 });
    expect(direct.status()).toBe(302);
    expect(direct.headers().location).toBe('/snow');
    const response = await page.goto('/winter-clearance');
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
    expect(new URL(page.url()).pathname).toBe('/snow');
  });

  await test.step('in-app: a link on a content page to the old path lands on the target without a page load', async () => {
    // a page of its own, with a link an editor left pointing at the old path
    const token = await logInToApi(request, { username: 'backoffice', password: 'demo' }, AREA);
    const key = `old-links-${Date.now()}`;
    await callApi(request, backofficeDocumentEndpoints.updateDocument, {
      token,
      body: {
        areaId: AREA.areaId,
        languageCode: AREA.languageCode,
        key,
        title: 'Old links',
        url: `/${key}`,
        version: 0,
        body: {
          kind: 'page',
          description: 'Links to pages that moved.',
          template: 'page',
          categoryId: null,
          blocks: [
            {
              id: 'links',
              type: 'richText',
              heading: 'Old links',
              content: [
                {
                  type: 'paragraph',
                  runs: [{ text: 'The ' }, { text: 'winter clearance', href: '/winter-clearance' }],
                },
              ],
            },
          ],
        },
      },
    });
    await page.goto(`/${key}`);
    const oldLink = page.getByRole('link', { name: 'winter clearance' });
    await waitForHydratedElement(oldLink);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await oldLink.click();
    await expect(page).toHaveURL(/\/snow$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Snow');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});

test('staff close a page to visitors in the content editor: a visitor then gets the Forbidden page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await logInToApi(request, { username: 'backoffice', password: 'demo' }, AREA);
  const key = `price-news-${Date.now()}`;
  const created = await callApi(request, backofficeDocumentEndpoints.updateDocument, {
    token,
    body: {
      areaId: AREA.areaId,
      languageCode: AREA.languageCode,
      key,
      title: 'Price news',
      url: `/${key}`,
      version: 0,
      body: {
        kind: 'page',
        description: 'New prices from March.',
        template: 'page',
        categoryId: null,
        blocks: [
          {
            id: 'news',
            type: 'richText',
            heading: 'Price news',
            content: [{ type: 'paragraph', runs: [{ text: 'New prices from March.' }] }],
          },
        ],
      },
    },
  });
  const visitor = await browser.newContext({ baseURL: baseURL ?? '' });
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/${key}`))?.status()).toBe(200);

  await page.goto('/login?redirect=/backoffice');
  await page.getByRole('textbox', { name: 'Username' }).fill('backoffice');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  await page.goto(`/backoffice/content/${created.id}`);
  await page.getByRole('button', { name: '+ Add visible to' }).click();
  await page.getByRole('combobox', { name: 'Visible to' }).selectOption('logged-in');
  await page.getByRole('button', { name: 'Save version 2' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();

  // the storefront shows an editor's change within 5 s (its content and page caches); the poll allows for a busy machine
  await expect
    .poll(async () => (await visitorPage.goto(`/${key}`))?.status(), { timeout: 7_000, intervals: [500] })
    .toBe(403);
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Forbidden' })).toBeVisible();
  await visitor.close();
});
