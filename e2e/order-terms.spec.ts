import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { FIRST_VISIT_MODAL_ID } from './support/dismissed-modals.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from './support/test.ts';

/**
 * Issue 24, money in the buyer's currency: the cart and checkout say why a small order pays a surcharge and what to
 * add to avoid it (desktop and phone), and the texts that talk about money (the delivery page, the front page) quote
 * the rules the cart charges, in EUR for eu-buyer, NOK for nok-buyer, USD for us-buyer, who buys in the US area
 * wherever they log in (here on the EU host), and the area's currency for a visitor; none promises "No minimum
 * order". eu-buyer's cart is set by each test before it looks (cart-totals.spec.ts does the same).
 */

const EU_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const PHONE = { width: 390, height: 844 };

/** "€42.95" for 4295 cents: the euro amounts the pages show (below 1,000, so no thousands separator). */
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** Text as rendered (innerText: what is hidden at this width left out), Intl's no-break spaces as plain spaces. */
async function shownText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (a column's label per width)
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // on a phone "Log out" sits in the menu drawer: leaving /login says the login worked on every screen
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Empties eu-buyer's open cart and puts one unit in it of a variant in stock whose net price is below the 100.00
 * surcharge threshold and at least 40.00 (three units then reach it); returns its price in cents.
 */
async function fillSmallOrder(request: APIRequestContext): Promise<number> {
  const token = await logInToApi(request, { username: 'eu-buyer', password: 'demo' }, EU_AREA);
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: EU_AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: EU_AREA, cartId: cart.cartId } });
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    token,
    body: { area: EU_AREA, search: 'cap', take: 48 },
  });
  const keys = items.flatMap(({ item }) => {
    const variant = item.variants.find((candidate) => candidate.stockLevel > 10);
    return variant ? [{ productId: item.id, variantId: variant.id, unitOfMeasure: item.unitOfMeasure }] : [];
  });
  const { prices } = await callApi(request, priceEndpoints.getPrices, {
    token,
    body: { currencyCode: 'EUR', products: keys.slice(0, 24) },
  });
  const price = prices.find(
    (candidate) => candidate.netUnitPrice.priceWithoutVat >= 40 && candidate.netUnitPrice.priceWithoutVat < 100,
  );
  const key = keys.find((candidate) => candidate.variantId === price?.variantId);
  if (!price || !key) throw new Error('no cap in stock with a net price from 40.00 to 99.99');
  await callApi(request, cartEndpoints.addOrUpdateLines, {
    token,
    body: {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: key, quantity: 1 }],
      overrideExistingQuantity: true,
    },
  });
  return Math.round(price.netUnitPrice.priceWithoutVat * 100);
}

/** The notes below the totals for goods worth `goodsCents` (eu-buyer ships to Austria: standard freight). */
function expectedNotes(goodsCents: number) {
  return {
    surcharge: `Orders under €100.00 (goods excl. VAT) pay a small-order surcharge of €9.95 — add ${euros(10_000 - goodsCents)} to avoid it.`,
    freeFreight: `Free freight from €500.00 (goods excl. VAT): ${euros(50_000 - goodsCents)} to go.`,
  };
}

async function expectNoWiderThanViewport(page: Page): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(viewport);
}

test('a small order: cart and checkout name the surcharge, say what to add to avoid it, and drop it once added', async ({
  page,
  request,
}) => {
  const unitCents = await fillSmallOrder(request);
  const notes = expectedNotes(unitCents);
  await logIn(page, 'eu-buyer');

  await test.step('the cart charges the surcharge as its own row and says why, beside free freight', async () => {
    await page.goto('/cart');
    const summary = page.locator('[aria-labelledby="cart-summary-heading"]');
    await expect(summary.getByTestId('totals-surcharge')).toHaveText('€9.95');
    await expect(summary.getByText('Small-order surcharge', { exact: true })).toBeVisible();
    expect(await shownText(summary.getByTestId('small-order-surcharge-note'))).toBe(notes.surcharge);
    expect(await shownText(summary.getByTestId('free-freight-threshold'))).toBe(notes.freeFreight);
    await expectNoAxeViolations(page);
  });

  await test.step('checkout says the same below its totals', async () => {
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const summary = page.locator('[aria-labelledby="order-summary-heading"]');
    await expect(summary.getByTestId('totals-surcharge')).toHaveText('€9.95');
    expect(await shownText(summary.getByTestId('small-order-surcharge-note'))).toBe(notes.surcharge);
    expect(await shownText(summary.getByTestId('free-freight-threshold'))).toBe(notes.freeFreight);
    await expectNoAxeViolations(page);
  });

  await test.step('three units reach 100.00: no surcharge, no note, less to go for free freight', async () => {
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await line.getByRole('spinbutton', { name: /^Quantity/ }).fill('3');
    await line.getByRole('button', { name: /^Update/ }).click();
    const summary = page.locator('[aria-labelledby="cart-summary-heading"]');
    expect(3 * unitCents).toBeGreaterThanOrEqual(10_000);
    await expect(summary.getByTestId('free-freight-threshold')).toHaveText(expectedNotes(3 * unitCents).freeFreight);
    await expect(summary.getByTestId('totals-surcharge')).toHaveCount(0);
    await expect(summary.getByTestId('small-order-surcharge-note')).toHaveCount(0);
  });
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('cart and checkout state the surcharge below the totals, within the screen', async ({ page, request }) => {
    const notes = expectedNotes(await fillSmallOrder(request));
    await logIn(page, 'eu-buyer');
    for (const [path, summaryId] of [
      ['/cart', 'cart-summary-heading'],
      ['/checkout', 'order-summary-heading'],
    ] as const) {
      await page.goto(path);
      const note = page.locator(`[aria-labelledby="${summaryId}"]`).getByTestId('small-order-surcharge-note');
      await note.scrollIntoViewIfNeeded();
      await expect(note).toBeVisible();
      expect(await shownText(note)).toBe(notes.surcharge);
      const box = await note.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box)).toBe(true);
      await expectNoWiderThanViewport(page);
      await expectNoAxeViolations(page);
    }
  });
});

/** What a viewer reads where the pages name an amount, and the methods' fees on the delivery page. */
type Viewer = {
  name: string;
  username: string | null;
  /** The host's area: `us` when the host name contains "us" (spec §1). */
  host: 'eu' | 'us';
  terms: { freeFreightFrom: string; smallOrderSurchargeBelow: string; smallOrderSurchargeFee: string };
  /** Method name → [fee per order, free from (null: never free)], as the delivery page's table shows them. */
  methods: Record<string, [string, string | null]>;
  /** Currencies this viewer must never read. */
  otherCurrencies: RegExp;
};

const VIEWERS: Viewer[] = [
  {
    name: 'eu-buyer (EUR)',
    username: 'eu-buyer',
    host: 'eu',
    terms: { freeFreightFrom: '€500.00', smallOrderSurchargeBelow: '€100.00', smallOrderSurchargeFee: '€9.95' },
    methods: {
      'Standard freight': ['€14.95', '€500.00'],
      Express: ['€39.50', null],
      'Pick-up in Copenhagen': ['Free', null],
    },
    otherCurrencies: /NOK|USD|US\$/,
  },
  {
    name: 'nok-buyer (XNOK, shown as NOK)',
    username: 'nok-buyer',
    host: 'eu',
    terms: {
      freeFreightFrom: 'NOK 5,000.00',
      smallOrderSurchargeBelow: 'NOK 1,000.00',
      smallOrderSurchargeFee: 'NOK 99.00',
    },
    methods: {
      'Standard freight': ['NOK 169.00', 'NOK 5,000.00'],
      Express: ['NOK 445.00', null],
      'Pick-up in Copenhagen': ['Free', null],
    },
    otherCurrencies: /€|EUR|USD|US\$/,
  },
  {
    // A US customer on the EU host: their cart is priced in the US area, in USD, so the texts quote that.
    name: 'us-buyer on the EU host (USD)',
    username: 'us-buyer',
    host: 'eu',
    terms: { freeFreightFrom: 'US$500.00', smallOrderSurchargeBelow: 'US$100.00', smallOrderSurchargeFee: 'US$9.95' },
    methods: { Ground: ['US$19.95', 'US$500.00'], 'Two-day air': ['US$45.00', null] },
    otherCurrencies: /€|EUR|NOK/,
  },
  {
    name: 'a visitor on the EU host (EUR)',
    username: null,
    host: 'eu',
    terms: { freeFreightFrom: '€500.00', smallOrderSurchargeBelow: '€100.00', smallOrderSurchargeFee: '€9.95' },
    methods: {
      'Standard freight': ['€14.95', '€500.00'],
      Express: ['€39.50', null],
      'Pick-up in Copenhagen': ['Free', null],
    },
    otherCurrencies: /NOK|USD|US\$/,
  },
  {
    name: 'a visitor on the US host (USD)',
    username: null,
    host: 'us',
    terms: { freeFreightFrom: 'US$500.00', smallOrderSurchargeBelow: 'US$100.00', smallOrderSurchargeFee: 'US$9.95' },
    methods: { Ground: ['US$19.95', 'US$500.00'], 'Two-day air': ['US$45.00', null] },
    otherCurrencies: /€|EUR|NOK/,
  },
];

/** The shop on the viewer's host: `us.localhost` reaches the same server (Chromium resolves *.localhost itself). */
function originOf(viewer: Viewer, baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not set');
  const url = new URL(baseURL);
  if (viewer.host === 'us') url.hostname = `us.${url.hostname}`;
  return url.origin;
}

/** The first-visit modal stays dismissed on the US host too (the e2e storage state holds it for localhost only). */
async function dismissModalOn(context: BrowserContext, origin: string): Promise<void> {
  const { hostname } = new URL(origin);
  await context.addCookies([
    { name: `modal-dismissed-${FIRST_VISIT_MODAL_ID}`, value: '999999999', domain: hostname, path: '/' },
  ]);
}

/** Every amount the main content names, by term, as shown. */
async function namedAmounts(page: Page): Promise<Array<[string, string]>> {
  return page
    .locator('main [data-money-term]')
    .evaluateAll((nodes) =>
      nodes.map((node) => [
        node.getAttribute('data-money-term') ?? '',
        (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
      ]),
    );
}

for (const viewer of VIEWERS) {
  test(`${viewer.name}: the delivery page and the front page quote the cart's rules in that currency`, async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = originOf(viewer, baseURL);
    await dismissModalOn(context, origin);
    if (viewer.username) await logIn(page, viewer.username);

    await test.step('the delivery page: every method with its fee and threshold, the surcharge and free freight', async () => {
      await page.goto(`${origin}/delivery`);
      await expect(page.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
      const rows = page.getByTestId('shipping-method-terms');
      await expect(rows).toHaveCount(Object.keys(viewer.methods).length);
      for (const [name, [fee, freeFrom]] of Object.entries(viewer.methods)) {
        const row = rows.filter({ has: page.getByRole('rowheader', { name, exact: true }) });
        expect(await shownText(row.getByTestId('shipping-method-terms-fee'))).toBe(fee);
        const freeFromCell = row.getByTestId('shipping-method-terms-free-from');
        if (freeFrom) expect(await shownText(freeFromCell)).toBe(freeFrom);
        // a dash to the eye, "never free" to a screen reader
        else expect(await shownText(freeFromCell)).toMatch(/^– ?never free$/);
      }
      const amounts = await namedAmounts(page);
      expect(new Set(amounts.map(([term]) => term))).toEqual(new Set(Object.keys(viewer.terms)));
      for (const [term, text] of amounts) expect(text, term).toBe(viewer.terms[term as keyof Viewer['terms']]);
      await expect(page.locator('main')).not.toContainText(viewer.otherCurrencies);
      await expectNoAxeViolations(page);
    });

    await test.step('the front page: the banner, why-us and the FAQ state the rule; no "No minimum order"', async () => {
      await page.goto(`${origin}/`);
      const { freeFreightFrom, smallOrderSurchargeBelow, smallOrderSurchargeFee } = viewer.terms;
      const banner = page.locator('[data-block="banner"]').filter({ hasText: 'Free standard freight' });
      expect(await shownText(banner.locator('p'))).toBe(
        `Free standard freight on orders from ${freeFreightFrom} of goods, excluding VAT. Orders under ${smallOrderSurchargeBelow} carry a small-order surcharge of ${smallOrderSurchargeFee}.`,
      );
      const faq = page.locator('[data-block="faq"]');
      await faq.getByText('What does a small order cost?').click();
      await expect(faq.locator('[data-money-term]').first()).toBeVisible();
      const amounts = await namedAmounts(page);
      expect(amounts.length).toBeGreaterThanOrEqual(9); // banner 3, why-us 3, the FAQ's answer 3
      for (const [term, text] of amounts) expect(text, term).toBe(viewer.terms[term as keyof Viewer['terms']]);
      await expect(page.locator('main')).not.toContainText(/no minimum order/i);
      await expect(page.locator('main')).not.toContainText(viewer.otherCurrencies);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('the delivery page on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('nok-buyer reads each method as a card of its own, in NOK, within the screen', async ({ page }) => {
    await logIn(page, 'nok-buyer');
    await page.goto('/delivery');
    const standard = page
      .getByTestId('shipping-method-terms')
      .filter({ has: page.getByRole('rowheader', { name: 'Standard freight' }) });
    await expect(standard).toBeVisible();
    // each cell names its column beside its value (the header row is for screen readers only here)
    expect(await shownText(standard.getByTestId('shipping-method-terms-fee'))).toBe('Fee per order NOK 169.00');
    expect(await shownText(standard.getByTestId('shipping-method-terms-free-from'))).toBe(
      'Free from (goods) NOK 5,000.00',
    );
    const cards = await page.getByTestId('shipping-method-terms').evaluateAll((rows) =>
      rows.map((row) => {
        const box = row.getBoundingClientRect();
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }),
    );
    expect(cards).toHaveLength(3);
    for (const [index, card] of cards.entries()) {
      expect(card.left).toBeGreaterThanOrEqual(0);
      expect(card.right).toBeLessThanOrEqual(390);
      // stacked one below the other, not side by side
      if (index > 0) expect(card.top).toBeGreaterThanOrEqual(cards[index - 1]?.bottom ?? 0);
    }
    await expectNoWiderThanViewport(page);
    await expectNoAxeViolations(page);
  });
});
