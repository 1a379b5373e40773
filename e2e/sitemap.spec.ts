import { expect, test } from './support/test.ts';

/**
 * The sitemap routes (spec §2) against the seeded demo shop: robots.txt names the area's sitemap index, the index
 * names the product and pages files, the product file lists a product and the pages file /about, and both open. The
 * seed's area domains are not served here, so each URL is followed by its path on the test server.
 */

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

test('a sitemap lists a product that then opens', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Sitemap: https://eu.ridgeline.example/sitemap/eu/en-GB');

  const index = await request.get('/sitemap/eu/en-GB');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  const indexXml = await index.text();
  expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const productFile = locs(indexXml).find((loc) => loc.endsWith('/sitemap/eu/en-GB/products/1'));
  expect(productFile).toBe('https://eu.ridgeline.example/sitemap/eu/en-GB/products/1');

  const file = await request.get(new URL(productFile ?? '').pathname);
  expect(file.status()).toBe(200);
  const fileXml = await file.text();
  expect(fileXml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(fileXml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  const productUrl = locs(fileXml)[0] ?? '';
  expect(productUrl).toMatch(/^https:\/\/eu\.ridgeline\.example\//);

  const response = await page.goto(new URL(productUrl).pathname);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the pages sitemap lists the content pages, and they open', async ({ page, request }) => {
  const indexXml = await (await request.get('/sitemap/eu/en-GB')).text();
  expect(locs(indexXml)).toContain('https://eu.ridgeline.example/sitemap/eu/en-GB/pages/1');

  const file = await request.get('/sitemap/eu/en-GB/pages/1');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/xml');
  const pages = locs(await file.text());
  expect(pages).toContain('https://eu.ridgeline.example/about');
  expect(pages).toContain('https://eu.ridgeline.example/');

  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('sitemap paths with unknown or malformed parts answer 404 (a NUL byte 400)', async ({ request }) => {
  for (const path of [
    '/sitemap/mars/en-GB',
    '/sitemap/eu/xx-XX',
    '/sitemap/eu/..%2F..%2Fetc',
    '/sitemap/eu/en-GB/posts/1',
    '/sitemap/eu/en-GB/pages/2',
    '/sitemap/eu/en-GB/products/0',
    '/sitemap/eu/en-GB/products/01',
    '/sitemap/eu/en-GB/products/-1',
    '/sitemap/eu/en-GB/products/999999',
    `/sitemap/eu/en-GB/products/${'9'.repeat(500)}`,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
  // The server refuses a NUL byte in any path before routing (400); never a 500.
  expect((await request.get('/sitemap/eu/en-GB/products/1%00')).status()).toBe(400);
});
