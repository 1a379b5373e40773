import { getContentByUrlResponse } from '@b2b/contract';
import { DISCONTINUED_PRODUCT_IDS } from '../packages/db/src/seed/discontinued-products.ts';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { FIRST_VISIT_MODAL_ID } from './support/dismissed-modals.ts';
import { logIn } from './support/log-in.ts';
import { receivedMails } from './support/mailbox.ts';
import { countRendersSinceHydration, rendersSinceHydration } from './support/react-commits.ts';
import { E2E_API_URL } from './support/shop-api.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Content pages (issue 10, spec §2): the seeded documents (packages/db/src/seed/content-*.ts) as the storefront
 * renders them: the home page and a category's landing page, the contact form (with and without scripts), the
 * first-visit modal, the "product not available" page and /product-detail-page.
 */

/** The content page of `path` as the API answers it, for comparing the page with what is stored. */
async function contentPage(page: Page, path: string) {
  const query = new URLSearchParams({
    'Area.AreaId': 'eu',
    'Area.LanguageCode': 'en-GB',
    'Area.CurrencyCode': 'EUR',
    Url: path,
  });
  const response = await page.request.get(`${E2E_API_URL}/api/Content/GetContentByUrl?${query}`);
  expect(response.status()).toBe(200);
  const content = getContentByUrlResponse.parse(await response.json());
  if (!content.page) throw new Error(`${path} has no content page`);
  return content.page;
}

function heroHeadingOf(page: Awaited<ReturnType<typeof contentPage>>): string {
  const hero = page.blocks.find((block) => block.type === 'hero');
  if (!hero) throw new Error(`${page.url} has no hero`);
  return hero.heading;
}

test('the home page comes from content: its hero is the h1, its image resized, sharp and first to load', async ({
  page,
}) => {
  const home = await contentPage(page, '/');
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(home.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroHeadingOf(home));
  const heroImage = page.locator('[data-block="hero"] img');
  await expect(heroImage).toHaveAttribute('src', /^\/images\/crop\/1200\/500\/smart\//);
  await expect(heroImage).toHaveAttribute('srcset', / 600w, .* 1200w, .* 2400w$/);
  await expect(heroImage).toHaveAttribute('fetchpriority', 'high');
  await expect(heroImage).toHaveAttribute('width', '1200');
  await expect(heroImage).toHaveAttribute('height', '500');
  expect(await heroImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  // anonymous: the carousel's cards ask to log in instead of showing prices (spec §1)
  const carousel = page.locator('[data-block="productCarousel"]').first();
  await expect(carousel.getByTestId('product-card').first()).toBeVisible();
  await expect(carousel.getByRole('link', { name: 'Log in to see prices' }).first()).toBeVisible();
  await expect(carousel).not.toContainText('€');
  await expectNoAxeViolations(page);
});

test("the front page's carousel pages with its buttons, which hydration adds without rendering its cards again", async ({
  page,
}) => {
  await countRendersSinceHydration(page, '[data-block="productCarousel"] [data-testid="product-card"]');
  await page.goto('/');
  const carousel = page.locator('[data-block="productCarousel"]').first();
  const next = carousel.getByRole('button', { name: 'Next products' });
  await expect(next).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await rendersSinceHydration(page), 'renders of the first card since hydration').toBe(0);
  const list = carousel.getByRole('list').first();
  const scrolledBy = () => list.evaluate((element) => element.scrollLeft);
  const before = await scrolledBy();
  await next.click();
  // a page of cards: wider than one card (≈ 200 px on a desktop)
  await expect.poll(scrolledBy).toBeGreaterThan(before + 200);
});

test("a category's landing page shows its hero above the category listing", async ({ page }) => {
  const landing = await contentPage(page, '/skate');
  await page.goto('/skate');
  const hero = page.getByRole('heading', { name: heroHeadingOf(landing) });
  const listingHeading = page.getByRole('heading', { level: 1, name: 'Skate' });
  await expect(hero).toBeVisible();
  await expect(listingHeading).toBeVisible();
  const heroBox = await hero.boundingBox();
  const listingBox = await listingHeading.boundingBox();
  expect(heroBox?.y).toBeLessThan(listingBox?.y ?? 0);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test("blocks for visitors who are not logged in give way to the buyers' own once they log in", async ({ page }) => {
  const prospectsOnly = [/Log in to see your prices/, /Not a customer yet\?/];
  await page.goto('/');
  const main = page.locator('main');
  for (const text of prospectsOnly) await expect(main.getByText(text)).toBeVisible();
  await expect(main.getByText(/Your prices and live stock are on every product/)).toHaveCount(0);

  await logIn(page, 'eu-buyer');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Board sports wholesale for independent retailers');
  await expect(main.getByText(/Your prices and live stock are on every product/)).toBeVisible();
  for (const text of prospectsOnly) await expect(main.getByText(text)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('the contact form', () => {
  test('shows the field errors of the API, then sends and says so', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('[data-block="form"]');
    await form.getByLabel('E-mail').fill('not an address');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Your name is required')).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Your name')).toBeFocused();
    await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Phone')).not.toHaveAttribute('aria-invalid', 'true');

    const message = `Please call me about the AW27 range (${Date.now()}).`;
    await form.getByLabel('Your name').fill('Ada Lovelace');
    await form.getByLabel('Company').fill('Analytical Boards Ltd');
    await form.getByLabel('E-mail').fill('ada@example.com');
    await form.getByLabel('Subject').selectOption({ index: 1 });
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toContainText('Thank you: your message has been sent.');
    await expect
      .poll(() =>
        receivedMails().filter((mail) => mail.to.includes('service@ridgeline.example') && mail.text.includes(message)),
      )
      .toHaveLength(1);
  });

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    test('posts to the page itself and comes back with the errors', async ({ page }) => {
      await page.goto('/contact');
      const form = page.locator('[data-block="form"]');
      await form.getByLabel('E-mail').fill('still not an address');
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'POST'),
        form.getByRole('button', { name: 'Send message' }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expect(form.getByText('E-mail must be')).toBeVisible();
      await expect(form.getByLabel('E-mail')).toHaveValue('still not an address');
    });

    test('a form posted again (a reload after sending it, a retry) is sent once', async ({ page }) => {
      const fillAndSend = async (message: string) => {
        const form = page.locator('[data-block="form"]');
        await form.getByLabel('Your name').fill('Ada Lovelace');
        await form.getByLabel('Company').fill('Analytical Boards Ltd');
        await form.getByLabel('E-mail').fill('ada@example.com');
        await form.getByLabel('Subject').selectOption({ index: 1 });
        await form.getByLabel('Message').fill(message);
        const [request] = await Promise.all([
          page.waitForRequest((sent) => sent.method() === 'POST'),
          form.getByRole('button', { name: 'Send message' }).click(),
        ]);
        await expect(form.getByRole('status')).toContainText('Thank you: your message has been sent.');
        return request;
      };
      const mailsWith = (message: string) =>
        receivedMails().filter((mail) => mail.to.includes('service@ridgeline.example') && mail.text.includes(message));

      await page.goto('/contact');
      const first = `Resent POST, first (${Date.now()}).`;
      const sent = await fillAndSend(first);
      // the same POST once more, as a browser resends it on reload
      const again = await page.request.post(sent.url(), {
        headers: { 'content-type': sent.headers()['content-type'] ?? '' },
        data: sent.postDataBuffer() ?? '',
      });
      expect(again.status()).toBe(200);
      expect(await again.text()).toContain('Thank you: your message has been sent.');

      // a new rendering of the form is a new submission; once its mail is in, a second mail of the first would be
      // too (the outbox is delivered oldest first)
      await page.goto('/contact');
      const second = `Resent POST, second (${Date.now()}).`;
      await fillAndSend(second);
      await expect.poll(() => mailsWith(second)).toHaveLength(1);
      expect(mailsWith(first)).toHaveLength(1);
    });
  });
});

test.describe('the first-visit modal', () => {
  // this browser has not seen the shop before (every other spec starts with the modal dismissed)
  test.use({ storageState: { cookies: [], origins: [] } });

  test('shows once, takes the focus, closes with Escape and stays closed', async ({ page, context }) => {
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Ridgeline Wholesale' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Got it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const cookies = await context.cookies();
    expect(
      cookies.find((cookie) => cookie.name === `modal-dismissed-${FIRST_VISIT_MODAL_ID}`)?.expires,
    ).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 60 * 60);
    await page.reload();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('never interrupts signing in: /login shows no modal to a first-time visitor', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel(/username/i)).toBeVisible();
    // the modal host opens dialogs after hydration; give it the chance before asserting there is none
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('a discontinued product answers 410 with its "not available" page and alternatives', async ({ page }) => {
  const [productId] = DISCONTINUED_PRODUCT_IDS;
  const response = await page.goto(`/product-detail-page?id=${productId}`);
  expect(response?.status()).toBe(410);
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`-${productId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ is no longer available$/);
  await expect(page.getByText(`Item no. ${productId}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^See all products in / })).toBeVisible();
  const alternatives = page.getByRole('region', { name: 'Alternatives' });
  await expect(alternatives.getByTestId('product-card').first()).toBeVisible();
  expect(await alternatives.getByTestId('item-number').allTextContents()).not.toContain(productId);
  // the page lives in the normal layout: header and search still there
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('search').first()).toBeVisible();
});

test('/product-detail-page?id= lands on the product of a product or variant id, else the 404 page', async ({
  page,
}) => {
  const first = await page.request.get('/product-detail-page?id=100001', { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  const productUrl = first.headers().location ?? '';
  expect(productUrl).toMatch(/-100001$/);

  await page.goto('/product-detail-page?id=100001-01');
  expect(new URL(page.url()).pathname).toBe(productUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('unavailable-product')).toHaveCount(0);

  const unknown = await page.goto('/product-detail-page?id=no-such-item');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /product-detail-page?id=no-such-item');
  const missing = await page.goto('/product-detail-page');
  expect(missing?.status()).toBe(404);
});
