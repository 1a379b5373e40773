import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test.ts';

/**
 * The storefront's static server routes (spec §2) against the seeded demo shop: icons in one colour, file downloads
 * (the seed's product data sheets, packages/db/src/seed/data-sheets.ts), and /links/ short links
 * (packages/db/src/seed/redirects.ts); the integrity report has integrity-check.spec.ts. Bad input answers 4xx,
 * never a 500.
 */

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const DATA_SHEET = 'files/datasheets/100123.pdf';
/** The web's build, which the shop under test serves (Playwright runs from the repository root). */
const BUILT_CLIENT = path.join('apps', 'web', 'build', 'client');

test('an icon in the colour the URL names', async ({ request }) => {
  const response = await request.get('/images/svg/singlecolor/1F2937?icon=cart');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  const svg = await response.text();
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).toContain('stroke="#1f2937"');
});

test('a data sheet downloads under the name the link gives', async ({ page }) => {
  const fileName = 'Datenblatt 100123 – Ridge.pdf';
  const href = `/files/${b64(DATA_SHEET)}/${b64(fileName)}`;
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toBe(
    `attachment; filename="Datenblatt 100123 _ Ridge.pdf"; filename*=UTF-8''Datenblatt%20100123%20%E2%80%93%20Ridge.pdf`,
  );
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // a browser saves it under that name
  await page.goto('/search');
  const download = page.waitForEvent('download');
  await page.evaluate((url) => {
    const link = Object.assign(document.createElement('a'), { href: url, textContent: 'Data sheet' });
    document.body.append(link);
    link.click();
  }, href);
  expect((await download).suggestedFilename()).toBe(fileName);
});

test("the product page offers the product's data sheet as a download", async ({ page }) => {
  await page.goto('/product-detail-page?id=100123');
  const downloads = page.getByRole('region', { name: 'Downloads' });
  const download = page.waitForEvent('download');
  await downloads.getByRole('link', { name: 'Data sheet (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe('100123 data sheet.pdf');
});

test('bad paths, names and colours answer 400 or 404, never a 500', async ({ request }) => {
  const name = b64('sheet.pdf');
  const notFound = [
    // traversal, other folders of the store, junk base64, a file the store lacks, over-long
    `/files/${b64('../../etc/passwd')}/${name}`,
    `/files/${b64('files/../../etc/passwd')}/${name}`,
    `/files/${b64('products/100123.svg')}/${name}`,
    `/files/${b64('/files/datasheets/100123.pdf')}/${name}`,
    `/files/%25%25%25/${name}`,
    `/files/${b64('files/datasheets/999999.pdf')}/${name}`,
    `/files/${'A'.repeat(5000)}/${name}`,
    '/images/svg/singlecolor/fff?icon=unicorn',
    '/images/svg/singlecolor/fff?icon=__proto__',
  ];
  for (const path of notFound) expect((await request.get(path)).status(), path).toBe(404);
  const badRequest = [
    `/files/${b64(DATA_SHEET)}/${b64('../x.pdf')}`,
    `/files/${b64(DATA_SHEET)}/${b64('x.pdf\r\nSet-Cookie: a=b')}`,
    `/files/${b64(DATA_SHEET)}/${b64(`${'a'.repeat(201)}.pdf`)}`,
    `/files/${b64(DATA_SHEET)}/${'%25'.repeat(10)}`,
    '/images/svg/singlecolor/%23fff?icon=cart',
    '/images/svg/singlecolor/ggg?icon=cart',
    '/images/svg/singlecolor/12345?icon=cart',
    `/images/svg/singlecolor/${'f'.repeat(3000)}?icon=cart`,
    '/images/svg/singlecolor/fff',
    // a NUL byte is refused by the server before routing
    '/images/svg/singlecolor/fff%00?icon=cart',
    `/files/${b64(DATA_SHEET)}%00/${name}`,
  ];
  for (const path of badRequest) expect((await request.get(path)).status(), path).toBe(400);
});

test('a /links/ short link follows its redirect; an unknown one is the 404 page', async ({ page }) => {
  const direct = await page.request.get('/links/catalogue/winter', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe('/snow');
  const permanent = await page.request.get('/links/request-account', { maxRedirects: 0 });
  expect(permanent.status()).toBe(301);

  await page.goto('/links/catalogue/winter');
  await expect(page).toHaveURL(/\/snow$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Snow' })).toBeVisible();

  const unknown = await page.goto('/links/no/such/link');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /links/no/such/link');
  const tooLong = await page.goto(`/links/${'x'.repeat(3000)}`);
  expect(tooLong?.status()).toBe(404);
});

test('built scripts and stylesheets are sent compressed at build time, in the encoding the browser accepts', async ({
  request,
}) => {
  const html = await (await request.get('/search')).text();
  const framework = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
  const stylesheet = html.match(/\/assets\/app-[\w-]+\.css/)?.[0];
  if (!framework || !stylesheet) throw new Error('the page links no framework chunk or stylesheet');
  for (const [file, contentType] of [
    [framework, 'text/javascript; charset=utf-8'],
    [stylesheet, 'text/css; charset=utf-8'],
  ] as const) {
    const plain = await request.get(file, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const body = await plain.body();
    for (const [encoding, extension] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ]) {
      const response = await request.get(file, { headers: { 'accept-encoding': `${encoding}, deflate` } });
      const headers = response.headers();
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers['content-type']?.toLowerCase()).toBe(contentType);
      expect(headers.vary).toBe('Accept-Encoding');
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The build's own copy, sent as it is (compressing on the fly would send no length).
      expect(Number(headers['content-length'])).toBe(statSync(path.join(BUILT_CLIENT, `${file}.${extension}`)).size);
      // Playwright decodes the body: the same bytes as the file itself.
      expect((await response.body()).equals(body)).toBe(true);
    }
  }
});

test('a resized product image in the format the browser takes, the same bytes again from the disk cache', async ({
  request,
}) => {
  const html = await (await request.get('/search')).text();
  const image = html.match(/\/images\/fit\/400\/400\/center\/[\w-]+/)?.[0];
  if (!image) throw new Error('the listing shows no resized image');
  const first = await request.get(image, { headers: { accept: 'image/avif,image/webp,*/*' } });
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('image/webp');
  expect(first.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(first.headers().vary).toBe('Accept');
  const again = await request.get(image, { headers: { accept: 'image/avif,image/webp,*/*' } });
  expect((await again.body()).equals(await first.body())).toBe(true);
  const png = await request.get(image, { headers: { accept: 'image/png,*/*' } });
  expect(png.headers()['content-type']).toBe('image/png');
  expect((await request.get(image.replace('/400/400/', '/4000/400/'))).status()).toBe(400);
});
