/**
 * Content pages through GetContentByUrl (issue 10, spec §2): pages by content path with their blocks resolved, the
 * landing page of a category, the "product not available" answer for a discontinued product, documents that fail
 * their schema, and DummyToGetModels. The test stores its own documents (support/content-documents.ts).
 */
import { contentDocumentBodySchema, type ResolvedContentBlock } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { categories, products, translations } from '@b2b/db/schema';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSearchIndex } from '../src/modules/search/search-index.plugin.ts';
import { putContentDocument } from './support/content-documents.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp } from './support/test-app.ts';

const endpoint = contentEndpoints.getContentByUrl;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** Three sellable products outside the skate tree, one discontinued one, and the discontinued one's category. */
type SoldProduct = { id: string; url: string };
let sellable: [SoldProduct, SoldProduct, SoldProduct];
let discontinued: { id: string; name: string; url: string; categoryId: string };

const image = { path: 'content/hero-test.jpg', alt: 'Snow on a ridge', width: 1600, height: 900 };
const paragraph = (text: string, href?: string) => ({
  type: 'paragraph' as const,
  runs: [{ text, ...(href === undefined ? {} : { href }) }],
});

async function getContent(url: string, extra: Record<string, string> = {}) {
  const query = { 'Area.AreaId': 'eu', 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR', Url: url, ...extra };
  return callEndpoint(testApp.app, endpoint, { query });
}

async function getContentOk(url: string, extra: Record<string, string> = {}) {
  return expectOk(endpoint, await getContent(url, extra));
}

function blockOf<T extends ResolvedContentBlock['type']>(
  blocks: ResolvedContentBlock[] | undefined,
  id: string,
  type: T,
) {
  const block = blocks?.find((candidate) => candidate.id === id);
  expect(block?.type, `block ${id}`).toBe(type);
  return block as Extract<ResolvedContentBlock, { type: T }>;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.db;
  const outsideSkate = await db
    .select({ id: products.id, name: products.name, url: products.url, categoryId: products.categoryId })
    .from(products)
    .where(and(sql`${products.categoryId} not like 'skate%'`, isNull(products.discontinuedAt)))
    .orderBy(asc(products.id))
    .limit(4);
  const [first, second, third, fourth] = outsideSkate;
  if (!first || !second || !third || !fourth) throw new Error('the test catalogue has too few products');
  sellable = [first, second, third];
  discontinued = fourth;
  await db
    .update(products)
    .set({ discontinuedAt: new Date('2026-01-15T00:00:00Z') })
    .where(eq(products.id, fourth.id));
  await findSearchIndex(testApp.app)?.refresh();

  await putContentDocument(db, {
    kind: 'element',
    key: 'test-banner',
    title: 'Test banner',
    body: { kind: 'element', block: { id: 'banner', type: 'banner', text: 'Free freight this week', tone: 'accent' } },
  });
  await putContentDocument(db, {
    kind: 'element',
    key: 'test-prospects',
    title: 'For prospects',
    body: {
      kind: 'element',
      block: { id: 'prospects', type: 'banner', text: 'Open an account', tone: 'info', audience: 'anonymous' },
    },
  });
  await putContentDocument(db, {
    kind: 'element',
    key: 'test-nesting',
    title: 'Includes another element',
    body: { kind: 'element', block: { id: 'nested', type: 'element', elementId: 'test-banner' } },
  });
  await putContentDocument(db, {
    kind: 'form',
    key: 'test-contact',
    title: 'Write to us',
    body: {
      kind: 'form',
      intro: 'We answer within a day.',
      fields: [{ name: 'message', label: 'Message', type: 'textarea', required: true, maxLength: 2000 }],
      submitLabel: 'Send',
      successMessage: 'Thank you.',
      recipient: 'secret-inbox@ridgeline.example',
    },
  });
  await putContentDocument(db, {
    kind: 'page',
    key: 'home',
    url: '/',
    title: 'Ridgeline test home',
    body: {
      kind: 'page',
      description: 'The home page',
      template: 'frontpage',
      categoryId: null,
      blocks: [
        { id: 'hero', type: 'hero', heading: 'Winter is here', image, callToAction: { label: 'Shop', url: '/snow' } },
        {
          id: 'picked',
          type: 'productCarousel',
          heading: 'Picked for you',
          productIds: [sellable[2].id, 'NO-SUCH-PRODUCT', discontinued.id, sellable[0].id, sellable[1].id],
          take: 2,
        },
        { id: 'found', type: 'productCarousel', heading: 'By item number', searchQuery: sellable[1].id, take: 5 },
        { id: 'all', type: 'productCarousel', heading: 'Anything', searchQuery: '', take: 3 },
        {
          id: 'tiles',
          type: 'categoryTiles',
          heading: 'Shop by category',
          tiles: [{ categoryId: 'skate', image }, { categoryId: 'no-such-category' }, { categoryId: 'skate-decks' }],
        },
        { id: 'promo', type: 'element', elementId: 'test-banner' },
        { id: 'promo-for-buyers', type: 'element', elementId: 'test-banner', audience: 'logged-in' },
        { id: 'prospects', type: 'element', elementId: 'test-prospects' },
        { id: 'prospects-for-everyone', type: 'element', elementId: 'test-prospects', audience: 'everyone' },
        { id: 'welcome-back', type: 'banner', text: 'Welcome back', tone: 'dark', audience: 'logged-in' },
        { id: 'nesting', type: 'element', elementId: 'test-nesting' },
        { id: 'missing-element', type: 'element', elementId: 'no-such-element' },
        { id: 'contact', type: 'form', formId: 'test-contact' },
        { id: 'missing-form', type: 'form', formId: 'no-such-form' },
      ],
    },
  });
  await putContentDocument(db, {
    kind: 'page',
    key: 'test-about',
    url: '/test-about',
    title: 'About the test shop',
    body: {
      kind: 'page',
      description: 'Who we are',
      template: 'page',
      categoryId: null,
      blocks: [
        // Written past the schema (as a hand edit could): refused when read, the rest of the page still shows.
        { id: 'unsafe', type: 'richText', content: [paragraph('Click me', 'javascript:alert(1)')] },
        { id: 'story', type: 'richText', heading: 'Our story', content: [paragraph('Since 1998.', '/shop')] },
        { id: 'unknown-type', type: 'marquee', text: 'Blink' },
      ],
    },
  });
  await putContentDocument(db, {
    kind: 'page',
    key: 'test-broken',
    url: '/test-broken',
    title: 'Unreadable',
    body: { kind: 'page', description: 42, template: 'page', categoryId: null, blocks: [] },
  });
  await putContentDocument(db, {
    kind: 'page',
    key: 'landing-skate',
    url: '/skate',
    title: 'Skate landing',
    body: {
      kind: 'page',
      description: 'Everything for skating',
      template: 'landing',
      categoryId: 'skate',
      blocks: [{ id: 'intro', type: 'banner', text: 'New decks are in', tone: 'info' }],
    },
  });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('GetContentByUrl: content pages', () => {
  it('answers / (also with a language prefix and a query string) with the home page document', async () => {
    for (const url of ['/', '/en-GB', '/en-GB/?utm_source=mail']) {
      const content = await getContentOk(url);
      expect(content).toMatchObject({ status: 200, contentType: 'page', url: '/', title: 'Ridgeline test home' });
      expect(content.page).toMatchObject({ id: 'home', url: '/', template: 'frontpage', categoryId: null });
    }
  });

  it('answers a page by its path with the language prefix and query string stripped, title from the document', async () => {
    const content = await getContentOk('/en-GB/test-about/?ref=footer#top');
    expect(content).toMatchObject({
      status: 200,
      contentType: 'page',
      url: '/test-about',
      title: 'About the test shop',
      product: null,
      category: null,
      unavailableProduct: null,
    });
    expect(content.page).toMatchObject({ id: 'test-about', description: 'Who we are', template: 'page' });
  });

  it('leaves out a block the schema refuses (a javascript: link, an unknown type) and shows the rest', async () => {
    const content = await getContentOk('/test-about');
    expect(content.page?.blocks.map((block) => block.id)).toEqual(['story']);
    expect(JSON.stringify(content.page)).not.toContain('javascript:');
  });

  it('refuses to store a javascript: link, and takes site paths, http(s) and mailto links', () => {
    const pageWith = (href: string) => ({
      kind: 'page',
      description: '',
      template: 'page',
      categoryId: null,
      blocks: [{ id: 'text', type: 'richText', content: [paragraph('Link', href)] }],
    });
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', '//evil.example/x', 'data:text/html,x']) {
      expect(contentDocumentBodySchema.safeParse(pageWith(href)).success, href).toBe(false);
    }
    for (const href of ['/about', 'https://ridgeline.example/', 'mailto:orders@ridgeline.example']) {
      expect(contentDocumentBodySchema.safeParse(pageWith(href)).success, href).toBe(true);
    }
  });

  it('answers status 404 for a page whose body is unreadable (not a 500)', async () => {
    const content = await getContentOk('/test-broken');
    expect(content).toMatchObject({ status: 404, contentType: 'page', page: null, url: '/test-broken' });
  });

  it('answers status 404 with no page for an unknown path', async () => {
    expect(await getContentOk('/no-such-page')).toMatchObject({ status: 404, page: null, unavailableProduct: null });
  });
});

describe('GetContentByUrl: block resolution', () => {
  it('lists carousel products by id in the stored order, skipping unknown and discontinued ones, up to take', async () => {
    const content = await getContentOk('/');
    const carousel = blockOf(content.page?.blocks, 'picked', 'productCarousel');
    expect(carousel.products.map((product) => product.id)).toEqual([sellable[2].id, sellable[0].id]);
    expect(carousel.products[0]).toMatchObject({ id: sellable[2].id, url: sellable[2].url });
    // Product cards only: no prices in content (spec §1: prices come from the price call when logged in).
    expect(Object.keys(carousel.products[0] ?? {}).sort()).toEqual(
      [
        'id',
        'media',
        'name',
        'newStockDate',
        'specifications',
        'stockLevel',
        'unitOfMeasure',
        'url',
        'variants',
      ].sort(),
    );
  });

  it('finds carousel products by search query on the index, taking take', async () => {
    const content = await getContentOk('/');
    const byItemNumber = blockOf(content.page?.blocks, 'found', 'productCarousel');
    expect(byItemNumber.products.map((product) => product.id)).toEqual([sellable[1].id]);
    const anything = blockOf(content.page?.blocks, 'all', 'productCarousel');
    expect(anything.products).toHaveLength(3);
    expect(anything.products.map((product) => product.id)).not.toContain(discontinued.id);
  });

  it('honours the product-cart lookup template in carousels (the brand alone of the specifications)', async () => {
    const content = await getContentOk('/', { LookupTemplate: 'product-cart' });
    const carousel = blockOf(content.page?.blocks, 'all', 'productCarousel');
    expect(carousel.products.length).toBeGreaterThan(0);
    for (const product of carousel.products) {
      expect(Object.keys(product.specifications).sort()).toEqual(['$meta', 'brand']);
    }
  });

  it('gives category tiles their name, URL and count of sold products, leaving out unknown ids', async () => {
    const content = await getContentOk('/');
    const tiles = blockOf(content.page?.blocks, 'tiles', 'categoryTiles');
    const skateIds = (
      await testApp.db
        .select({ id: categories.id })
        .from(categories)
        .where(or(eq(categories.id, 'skate'), eq(categories.parentId, 'skate')))
    ).map((row) => row.id);
    const [skateCount] = await testApp.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(inArray(products.categoryId, skateIds), isNull(products.discontinuedAt)));
    const [deckCount] = await testApp.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.categoryId, 'skate-decks'), isNull(products.discontinuedAt)));
    expect(tiles.tiles).toEqual([
      { categoryId: 'skate', name: 'Skate', url: '/skate', productCount: skateCount?.count, image },
      { categoryId: 'skate-decks', name: 'Decks', url: '/skate/decks', productCount: deckCount?.count },
    ]);
    expect(skateCount?.count).toBeGreaterThan(0);
  });

  it("replaces an element block by the element's block (keeping the page's block id), one level only", async () => {
    const content = await getContentOk('/');
    expect(blockOf(content.page?.blocks, 'promo', 'banner')).toEqual({
      id: 'promo',
      type: 'banner',
      text: 'Free freight this week',
      tone: 'accent',
    });
    const ids = content.page?.blocks.map((block) => block.id);
    expect(ids).not.toContain('nesting');
    expect(ids).not.toContain('missing-element');
  });

  it("answers every audience's blocks with their audience (the storefront picks per visitor); an element block's wins", async () => {
    const blocks = (await getContentOk('/')).page?.blocks ?? [];
    const audiences = Object.fromEntries(blocks.map((block) => [block.id, block.audience ?? '(none)']));
    expect(audiences).toMatchObject({
      promo: '(none)',
      'promo-for-buyers': 'logged-in',
      prospects: 'anonymous',
      'prospects-for-everyone': 'everyone',
      'welcome-back': 'logged-in',
    });
  });

  it('gives a form block its definition without the recipient, and leaves out a missing form', async () => {
    const content = await getContentOk('/');
    const form = blockOf(content.page?.blocks, 'contact', 'form');
    expect(form.form).toEqual({
      id: 'test-contact',
      title: 'Write to us',
      intro: 'We answer within a day.',
      fields: [{ name: 'message', label: 'Message', type: 'textarea', required: true, maxLength: 2000 }],
      submitLabel: 'Send',
      successMessage: 'Thank you.',
    });
    expect(JSON.stringify(content)).not.toContain('secret-inbox');
    expect(content.page?.blocks.map((block) => block.id)).not.toContain('missing-form');
    expect(content.page?.blocks.map((block) => block.id)).toEqual([
      'hero',
      'picked',
      'found',
      'all',
      'tiles',
      'promo',
      'promo-for-buyers',
      'prospects',
      'prospects-for-everyone',
      'welcome-back',
      'contact',
    ]);
  });
});

describe('GetContentByUrl: categories and products', () => {
  it('answers a root category with its landing page', async () => {
    const content = await getContentOk('/en-GB/skate?p=2');
    expect(content).toMatchObject({ status: 200, contentType: 'category', title: 'Skate', url: '/skate' });
    expect(content.category?.id).toBe('skate');
    expect(content.page).toMatchObject({ id: 'landing-skate', template: 'landing', categoryId: 'skate' });
    expect(content.page?.blocks).toEqual([{ id: 'intro', type: 'banner', text: 'New decks are in', tone: 'info' }]);
  });

  it('answers a category without a landing page with page null', async () => {
    const content = await getContentOk('/skate/decks');
    expect(content).toMatchObject({ contentType: 'category', page: null });
  });

  it('answers a discontinued product with 200, no product, and the unavailable product with alternatives', async () => {
    const content = await getContentOk(`/en-GB${discontinued.url}?x=1`);
    expect(content).toMatchObject({
      status: 200,
      contentType: 'product',
      url: discontinued.url,
      title: discontinued.name,
      product: null,
      page: null,
    });
    const category = await testApp.db.select().from(categories).where(eq(categories.id, discontinued.categoryId));
    expect(content.unavailableProduct).toMatchObject({
      id: discontinued.id,
      name: discontinued.name,
      url: discontinued.url,
      reason: 'discontinued',
      discontinuedAt: '2026-01-15T00:00:00.000Z',
      category: { id: discontinued.categoryId, name: category[0]?.name, url: category[0]?.url },
    });

    const candidates = await testApp.db
      .select({ id: products.id, stockLevel: products.stockLevel })
      .from(products)
      .where(
        and(
          eq(products.categoryId, discontinued.categoryId),
          ne(products.id, discontinued.id),
          isNull(products.discontinuedAt),
        ),
      );
    const alternatives = content.unavailableProduct?.alternatives ?? [];
    expect(alternatives).toHaveLength(Math.min(8, candidates.length));
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.map((product) => product.id)).not.toContain(discontinued.id);
    // In stock first: no product without stock before one with stock.
    const inStock = alternatives.map((product) => product.stockLevel > 0);
    expect(inStock).toEqual([...inStock].sort((a, b) => Number(b) - Number(a)));
    const stockOf = new Map(candidates.map((candidate) => [candidate.id, candidate.stockLevel]));
    for (const product of alternatives) expect(stockOf.has(product.id)).toBe(true);
  });

  it('still answers a sold product with the product', async () => {
    const content = await getContentOk(sellable[0].url);
    expect(content).toMatchObject({ status: 200, contentType: 'product', unavailableProduct: null, page: null });
    expect(content.product?.id).toBe(sellable[0].id);
  });

  it('refuses an unknown parameter and a bad lookup template, naming the field', async () => {
    expect(expectError(endpoint, await getContent('/', { Extra: '1' }), 400).errors?.[0]?.field).toBe('Extra');
    const template = await getContent('/', { LookupTemplate: 'everything' });
    expect(expectError(endpoint, template, 400).errors?.[0]?.field).toBe('LookupTemplate');
  });
});

describe('GET /api/Content/DummyToGetModels', () => {
  const models = contentEndpoints.dummyToGetModels;

  it('answers one real example of each content model of the default area eu/en-GB', async () => {
    await putContentDocument(testApp.db, {
      kind: 'element',
      key: 'aaa-first-element',
      title: 'First element',
      body: { kind: 'element', block: { id: 'b', type: 'banner', text: 'First', tone: 'dark' } },
    });
    await putContentDocument(testApp.db, {
      kind: 'form',
      key: 'contact',
      title: 'Contact us',
      body: {
        kind: 'form',
        intro: 'Ask us anything.',
        fields: [{ name: 'email', label: 'Email', type: 'email', required: true, autocomplete: 'email' }],
        submitLabel: 'Send',
        successMessage: 'Sent.',
        recipient: 'hidden@ridgeline.example',
      },
    });
    await putContentDocument(testApp.db, {
      kind: 'modal',
      key: 'aaa-first-modal',
      title: 'Welcome',
      body: {
        kind: 'modal',
        content: [paragraph('Prices show after login.')],
        dismissLabel: 'Got it',
        frequency: 'once',
        version: 2,
        audience: 'anonymous',
        pathPrefixes: ['/'],
      },
    });
    await testApp.db
      .insert(translations)
      .values({ areaId: 'eu', languageCode: 'en-GB', key: 'Test.Models', value: 'Models' })
      .onConflictDoNothing();

    const answer = expectOk(models, await callEndpoint(testApp.app, models));
    expect(answer.page).toMatchObject({ id: 'home', url: '/' });
    expect(answer.element).toMatchObject({ id: 'aaa-first-element', name: 'First element', block: { type: 'banner' } });
    expect(answer.form).toMatchObject({ id: 'contact', title: 'Contact us', submitLabel: 'Send' });
    expect(answer.form).not.toHaveProperty('recipient');
    expect(answer.modal).toEqual({
      id: 'aaa-first-modal',
      title: 'Welcome',
      content: [paragraph('Prices show after login.')],
      dismissLabel: 'Got it',
      frequency: 'once',
      version: 2,
      audience: 'anonymous',
      pathPrefixes: ['/'],
    });
    expect(answer.translations).toMatchObject({ areaId: 'eu', languageCode: 'en-GB' });
    expect(answer.translations.translations['Test.Models']).toBe('Models');
  });
});
