/** Reusable content elements (spec §7 GetElementById, GetElementsByIds, GetElementsBySearch; issue 10). */
import { MAX_ELEMENT_IDS } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { products } from '@b2b/db/schema';
import { asc, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putContentDocument } from './support/content-documents.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp, EU_AREA, US_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let productIds: [string, string];

const byId = contentEndpoints.getElementById;
const byIds = contentEndpoints.getElementsByIds;
const bySearch = contentEndpoints.getElementsBySearch;

beforeAll(async () => {
  testApp = await createTestApp();
  const rows = await testApp.db
    .select({ id: products.id })
    .from(products)
    .where(isNull(products.discontinuedAt))
    .orderBy(asc(products.id))
    .limit(2);
  productIds = [rows[0]?.id ?? '', rows[1]?.id ?? ''];

  const element = (key: string, title: string, block: Record<string, unknown>, areaId = 'eu') =>
    putContentDocument(testApp.db, { areaId, kind: 'element', key, title, body: { kind: 'element', block } });
  await element('elt-freight', 'Freight banner', {
    id: 'banner',
    type: 'banner',
    text: 'Free freight over EUR 500',
    tone: 'accent',
  });
  await element('elt-picks', 'Quokka staff picks', {
    id: 'picks',
    type: 'productCarousel',
    heading: 'Staff picks',
    productIds: [productIds[1], productIds[0]],
    take: 4,
  });
  await element('elt-faq', 'Delivery questions', {
    id: 'faq',
    type: 'faq',
    heading: 'Delivery',
    items: [{ question: 'When?', answer: [{ type: 'paragraph', runs: [{ text: 'Carried by the zebra courier.' }] }] }],
  });
  await element('elt-nesting', 'Nesting element', { id: 'n', type: 'element', elementId: 'elt-freight' });
  await element('elt-us-only', 'US banner', { id: 'us', type: 'banner', text: 'US only', tone: 'info' }, 'us');
  await putContentDocument(testApp.db, {
    kind: 'element',
    key: 'elt-broken',
    title: 'Broken element',
    body: { kind: 'element', block: { id: 'x', type: 'banner', tone: 'loud' } },
  });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/Content/GetElementById', () => {
  it('answers an element with its block, without login', async () => {
    const answer = expectOk(
      byId,
      await callEndpoint(testApp.app, byId, { body: { area: EU_AREA, id: 'elt-freight' } }),
    );
    expect(answer.element).toMatchObject({
      id: 'elt-freight',
      name: 'Freight banner',
      block: { id: 'banner', type: 'banner', text: 'Free freight over EUR 500', tone: 'accent' },
    });
    expect(new Date(answer.element.updatedAt).toISOString()).toBe(answer.element.updatedAt);
  });

  it('resolves a carousel element as on a page, in the stored order, with the lookup template', async () => {
    const body = { area: EU_AREA, id: 'elt-picks', lookupTemplate: 'product-cart' };
    const answer = expectOk(byId, await callEndpoint(testApp.app, byId, { body }));
    expect(answer.element.block.type).toBe('productCarousel');
    if (answer.element.block.type !== 'productCarousel') return;
    expect(answer.element.block.products.map((product) => product.id)).toEqual([productIds[1], productIds[0]]);
  });

  it('answers 404 for an unknown id, an element of another area, one including an element, an unreadable one', async () => {
    for (const [area, id] of [
      [EU_AREA, 'no-such-element'],
      [EU_AREA, 'elt-us-only'],
      [EU_AREA, 'elt-nesting'],
      [EU_AREA, 'elt-broken'],
    ] as const) {
      const response = await callEndpoint(testApp.app, byId, { body: { area, id } });
      expectError(byId, response, 404, 'NotFoundException');
    }
    const us = await callEndpoint(testApp.app, byId, { body: { area: US_AREA, id: 'elt-us-only' } });
    expect(expectOk(byId, us).element.id).toBe('elt-us-only');
  });

  it.each([
    ['id', { area: EU_AREA, id: 'Not_An_Id' }],
    ['id', { area: EU_AREA, id: '' }],
    ['id', { area: EU_AREA }],
    ['area.areaId', { area: { ...EU_AREA, areaId: 'mars' }, id: 'elt-freight' }],
    ['lookupTemplate', { area: EU_AREA, id: 'elt-freight', lookupTemplate: 'all' }],
    ['extra', { area: EU_AREA, id: 'elt-freight', extra: 1 }],
  ])('refuses a bad %s with 400 naming it', async (field, body) => {
    const response = await callEndpoint(testApp.app, byId, { body });
    expect(expectError(byId, response, 400).errors?.map((error) => error.field)).toContain(field);
  });
});

describe('POST /api/Content/GetElementsByIds', () => {
  it('answers the elements found in the order asked, leaving out unknown ones', async () => {
    const body = { area: EU_AREA, ids: ['elt-faq', 'no-such-element', 'elt-freight', 'elt-nesting', 'elt-faq'] };
    const answer = expectOk(byIds, await callEndpoint(testApp.app, byIds, { body }));
    expect(answer.elements.map((element) => element.id)).toEqual(['elt-faq', 'elt-freight']);
    expect(answer.elements[0]?.block).toMatchObject({ type: 'faq', heading: 'Delivery' });
  });

  it('answers an empty list when none is known (no 404)', async () => {
    const body = { area: EU_AREA, ids: ['no-such-element'] };
    expect(expectOk(byIds, await callEndpoint(testApp.app, byIds, { body }))).toEqual({ elements: [] });
  });

  it('refuses no ids, too many ids and a bad id with 400', async () => {
    for (const ids of [[], Array.from({ length: MAX_ELEMENT_IDS + 1 }, (_, index) => `e-${index}`), ['BAD ID']]) {
      const response = await callEndpoint(testApp.app, byIds, { body: { area: EU_AREA, ids } });
      expect(expectError(byIds, response, 400).errors?.[0]?.field).toMatch(/^ids/);
    }
  });
});

describe('POST /api/Content/GetElementsBySearch', () => {
  async function search(body: Record<string, unknown>) {
    const response = await callEndpoint(testApp.app, bySearch, {
      body: { area: EU_AREA, search: '', skip: 0, take: 50, ...body },
    });
    return expectOk(bySearch, response);
  }

  it('finds elements by id, by name and by the text of their block, case-insensitively', async () => {
    expect((await search({ search: 'ELT-FAQ' })).elements.map((element) => element.id)).toEqual(['elt-faq']);
    expect((await search({ search: 'quokka STAFF' })).elements.map((element) => element.id)).toEqual(['elt-picks']);
    expect((await search({ search: 'zebra courier' })).elements.map((element) => element.id)).toEqual(['elt-faq']);
    expect(await search({ search: 'no element says this' })).toEqual({ elements: [], total: 0 });
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search({ search: '%' })).total).toBe(0);
    expect((await search({ search: 'elt_faq' })).total).toBe(0);
  });

  it('filters by block type', async () => {
    const banners = await search({ search: 'elt-', blockType: 'banner' });
    expect(banners.elements.map((element) => element.id)).toEqual(['elt-freight']);
    // The unreadable banner counts as a stored match but is not shown.
    expect(banners.total).toBe(2);
  });

  it('pages by skip and take, by id, with the total of all matches', async () => {
    const all = await search({ search: 'elt-' });
    expect(all.elements.map((element) => element.id)).toEqual(['elt-faq', 'elt-freight', 'elt-picks']);
    expect(all.total).toBe(5);
    const second = await search({ search: 'elt-', skip: 1, take: 1 });
    expect(second.elements.map((element) => element.id)).toEqual(['elt-faq']);
    expect(second.total).toBe(5);
  });

  it.each([
    ['take', { take: 0 }],
    ['take', { take: 51 }],
    ['skip', { skip: -1 }],
    ['blockType', { blockType: 'element' }],
    ['search', { search: 'x'.repeat(201) }],
    ['extra', { extra: true }],
  ])('refuses a bad %s with 400 naming it', async (field, override) => {
    const response = await callEndpoint(testApp.app, bySearch, {
      body: { area: EU_AREA, search: '', skip: 0, take: 10, ...override },
    });
    expect(expectError(bySearch, response, 400).errors?.map((error) => error.field)).toContain(field);
  });
});
