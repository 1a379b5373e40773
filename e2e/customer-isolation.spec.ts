import { type APIRequestContext, expect, request as playwrightRequest, test } from './support/test.ts';

/**
 * Issue 12: the storefront keeps per-process caches of what is the same for every visitor (area and menus,
 * translations, content modals) and renders many pages at once; none of it may carry one customer's answer to
 * another. Two customers of the same area (eu-buyer in EUR, nok-buyer in XNOK shown as NOK) and an anonymous visitor
 * ask for the same pages at the same time, round after round, and each page names only its own customer and shows
 * only its own currency; the anonymous visitor's HTML has no price at all.
 */

type Visitor = {
  label: string;
  context: APIRequestContext;
  /** The start of the customer's name (as markup and as page data write it); null for the anonymous visitor. */
  customerName: string | null;
  /** What each price of this visitor starts with; null: no prices at all. */
  currency: RegExp | null;
};

const CUSTOMER_NAMES = ['Alpine Boardshop', 'Fjord Surf'];
/** A listing, a product page and the front page with its product carousels. */
const PAGES = ['/search', '/search?q=helmet', '/', '/shop'];
const ROUNDS = 3;

function pricesIn(html: string): string[] {
  return [...html.matchAll(/data-testid="price"[^>]*>([^<]*)</g)].map((match) => match[1] ?? '');
}

async function logIn(baseURL: string, username: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post('/login?index', {
    form: { username, password: 'demo' },
    maxRedirects: 0,
  });
  expect(response.status(), `login of ${username}`).toBeLessThan(400);
  return context;
}

test('a page never shows another customer’s name or prices, however many are rendered at once', async ({ baseURL }) => {
  if (!baseURL) throw new Error('baseURL is not set');
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const visitors: Visitor[] = [
    {
      label: 'eu-buyer',
      context: await logIn(baseURL, 'eu-buyer'),
      customerName: 'Alpine Boardshop',
      currency: /^€/,
    },
    {
      label: 'nok-buyer',
      context: await logIn(baseURL, 'nok-buyer'),
      customerName: 'Fjord Surf',
      currency: /^NOK/,
    },
    {
      label: 'anonymous',
      context: anonymous,
      customerName: null,
      currency: null,
    },
  ];
  const firstProduct = /href="(\/p\/[^"]+)"/.exec(await (await anonymous.get('/search')).text())?.[1];
  if (!firstProduct) throw new Error('the listing links no product');
  const paths = [...PAGES, firstProduct];

  let pricedPages = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // every visitor asks for every page at the same time
    const answers = await Promise.all(
      visitors.flatMap((visitor) =>
        paths.map(async (path) => {
          const response = await visitor.context.get(path);
          expect(response.status(), `${visitor.label} ${path}`).toBe(200);
          return { visitor, path, html: await response.text() };
        }),
      ),
    );
    for (const { visitor, path, html } of answers) {
      const where = `${visitor.label} on ${path}`;
      for (const name of CUSTOMER_NAMES) {
        expect(html.includes(name), `${where}: ${name}`).toBe(name === visitor.customerName);
      }
      const prices = pricesIn(html);
      if (visitor.currency === null) {
        expect(prices, `${where}: prices`).toEqual([]);
        expect(html, where).not.toContain('data-testid="price"');
        continue;
      }
      if (prices.length > 0) pricedPages += 1;
      for (const price of prices) expect(price, `${where}: a price`).toMatch(visitor.currency);
    }
  }
  // the comparison compared something: both customers saw priced pages
  expect(pricedPages).toBeGreaterThanOrEqual(2 * ROUNDS);
  for (const visitor of visitors) await visitor.context.dispose();
});
