import { type ContentBlock, type ContentDocumentBody, contentDocumentBodySchema, type RichText } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from './catalogue-data.ts';
import { SEED_SHIPPING_METHOD_FEES, SEED_SHIPPING_METHODS } from './checkout-data.ts';
import { buildContentDocuments, type SeedContentDocument } from './content-documents.ts';
import { buildContentImageRows } from './content-images.ts';

const CATALOGUE = { newArrivalIds: ['100001', '100002'] };
const byArea = {
  eu: buildContentDocuments('eu', CATEGORY_TREE, CATALOGUE),
  us: buildContentDocuments('us', CATEGORY_TREE, CATALOGUE),
};

function find(documents: SeedContentDocument[], kind: ContentDocumentBody['kind'], key: string) {
  const document = documents.find((candidate) => candidate.body.kind === kind && candidate.key === key);
  if (!document) throw new Error(`no ${kind} ${key}`);
  return document;
}

function blocksOf(document: SeedContentDocument): ContentBlock[] {
  if (document.body.kind === 'page') return document.body.blocks;
  if (document.body.kind === 'element') return [document.body.block];
  return [];
}

/** Every text of a document, flattened: what a visitor can read. */
function textOf(document: SeedContentDocument): string {
  return JSON.stringify(document.body);
}

/** Every link target inside rich text, block buttons and carousels' "view all" links. */
function linksOf(document: SeedContentDocument): string[] {
  const fromRichText = (content: RichText) =>
    content.flatMap((node) =>
      node.type === 'paragraph'
        ? node.runs.flatMap((run) => ('href' in run && run.href ? [run.href] : []))
        : node.type === 'list'
          ? node.items.flat().flatMap((run) => ('href' in run && run.href ? [run.href] : []))
          : [],
    );
  const links: string[] = [];
  if (document.body.kind === 'modal') links.push(...fromRichText(document.body.content));
  for (const block of blocksOf(document)) {
    if (block.type === 'richText') links.push(...fromRichText(block.content));
    if (block.type === 'faq') links.push(...block.items.flatMap((item) => fromRichText(item.answer)));
    if ((block.type === 'hero' || block.type === 'banner') && block.callToAction) links.push(block.callToAction.url);
    if (block.type === 'productCarousel' && block.viewAllUrl) links.push(block.viewAllUrl);
  }
  return links;
}

describe('demo content documents', () => {
  it.each(Object.entries(byArea))('%s: every body is valid for the contract', (_area, documents) => {
    for (const document of documents) expect(contentDocumentBodySchema.parse(document.body)).toEqual(document.body);
  });

  it('has the same pages, elements, forms and modal in both areas, with unique keys and URLs', () => {
    const keys = (documents: SeedContentDocument[]) =>
      documents.map((document) => `${document.body.kind}:${document.key}`).sort();
    expect(keys(byArea.eu)).toEqual(keys(byArea.us));
    expect(new Set(keys(byArea.eu)).size).toBe(byArea.eu.length);
    const urls = byArea.eu.flatMap((document) => (document.url ? [document.url] : []));
    expect(new Set(urls).size).toBe(urls.length);
    expect(
      byArea.eu
        .filter((document) => document.body.kind === 'page')
        .map((document) => [document.key, document.url])
        .sort(),
    ).toEqual(
      [
        ['about', '/about'],
        ['contact', '/contact'],
        ['delivery', '/delivery'],
        ['home', '/'],
        ['landing-apparel', '/apparel'],
        ['landing-bike', '/bike'],
        ['landing-protection', '/protection'],
        ['landing-skate', '/skate'],
        ['landing-snow', '/snow'],
        ['landing-surf', '/surf'],
        ['ordering-guide', '/ordering-guide'],
        ['request-account', '/request-account'],
        ['returns', '/returns'],
        ['sales-desk', '/sales-desk'],
        ['shop', '/shop'],
        ['terms', '/terms'],
      ].sort(),
    );
    // Only pages have a URL (the table's check constraint).
    for (const document of byArea.eu) expect(document.url !== null).toBe(document.body.kind === 'page');
    // issue 29: one page for logged-in users only, one for sales reps only; every other page is everyone's.
    const visibility = byArea.eu.flatMap((document) =>
      document.body.kind === 'page' && document.body.visibleTo !== undefined
        ? [[document.key, document.body.visibleTo]]
        : [],
    );
    expect(visibility).toEqual([
      ['ordering-guide', 'logged-in'],
      ['sales-desk', 'sales-reps'],
    ]);
  });

  it('builds the home page from a hero, the six root categories, new arrivals, the free-freight banner, why-us and an FAQ', () => {
    const home = find(byArea.eu, 'page', 'home');
    if (home.body.kind !== 'page') throw new Error('not a page');
    expect(home.body.template).toBe('frontpage');
    const blocks = home.body.blocks;
    expect(blocks.map((block) => block.type)).toEqual(
      expect.arrayContaining(['hero', 'categoryTiles', 'productCarousel', 'element', 'richText', 'faq']),
    );
    const tiles = blocks.find((block) => block.type === 'categoryTiles');
    expect(tiles?.type === 'categoryTiles' && tiles.tiles.map((tile) => tile.categoryId)).toEqual([
      'skate',
      'snow',
      'surf',
      'bike',
      'apparel',
      'protection',
    ]);
    expect(tiles?.type === 'categoryTiles' && tiles.tiles.every((tile) => tile.image)).toBe(true);
    expect(blocks).toContainEqual(
      expect.objectContaining({
        type: 'productCarousel',
        heading: 'New arrivals',
        productIds: CATALOGUE.newArrivalIds,
      }),
    );
    expect(blocks).toContainEqual(expect.objectContaining({ type: 'element', elementId: 'free-freight-banner' }));
    expect(blocks).toContainEqual(expect.objectContaining({ type: 'richText', heading: 'Why buy from Ridgeline' }));
  });

  it('gives each root category a landing page at its URL: hero, carousel by search, guide', () => {
    for (const root of CATEGORY_TREE) {
      const landing = find(byArea.us, 'page', `landing-${root.id}`);
      if (landing.body.kind !== 'page') throw new Error('not a page');
      expect(landing.url).toBe(`/${root.id}`);
      expect(landing.body).toMatchObject({ template: 'landing', categoryId: root.id });
      const types = landing.body.blocks.map((block) => block.type);
      expect(types).toEqual(expect.arrayContaining(['hero', 'productCarousel', 'richText']));
      const carousel = landing.body.blocks.find((block) => block.type === 'productCarousel');
      expect(carousel?.type === 'productCarousel' && carousel.searchQuery).toMatch(/^[a-z]+$/);
    }
  });

  it.each(Object.entries(byArea))(
    '%s: writes no amount of money as text, and never promises "no minimum order" (issue 24)',
    (_area, documents) => {
      for (const document of documents) {
        // Amounts are money runs or the shippingMethods block: the storefront shows them in the viewer's currency.
        expect(textOf(document), document.key).not.toMatch(/\b(?:EUR|USD|NOK|XNOK)\b|[€$£]/);
        expect(textOf(document), document.key).not.toMatch(/no minimum order/i);
      }
    },
  );

  it('states the small-order surcharge and free freight where they apply: banner, home page, terms, delivery', () => {
    const termsOf = (document: SeedContentDocument) =>
      [...textOf(document).matchAll(/"type":"money","term":"(\w+)"/g)].map((match) => match[1]);
    const all = ['freeFreightFrom', 'smallOrderSurchargeBelow', 'smallOrderSurchargeFee'];
    for (const documents of Object.values(byArea)) {
      expect(termsOf(find(documents, 'element', 'free-freight-banner'))).toEqual(all);
      for (const key of ['home', 'terms', 'delivery']) {
        expect(new Set(termsOf(find(documents, 'page', key))), key).toEqual(new Set(all));
      }
      expect(blocksOf(find(documents, 'page', 'delivery'))).toContainEqual(
        expect.objectContaining({ type: 'shippingMethods' }),
      );
    }
  });

  it('quotes free freight only where every currency of the area has a threshold (checkout-data.ts)', () => {
    for (const areaId of ['eu', 'us']) {
      const methodIds = new Set(
        SEED_SHIPPING_METHODS.filter((method) => method.areaId === areaId).map((method) => method.id),
      );
      const fees = SEED_SHIPPING_METHOD_FEES.filter((fee) => methodIds.has(fee.shippingMethodId));
      const currencies = new Set(fees.map((fee) => fee.currencyCode));
      const withThreshold = new Set(fees.filter((fee) => fee.freeAboveMinor != null).map((fee) => fee.currencyCode));
      expect(withThreshold, areaId).toEqual(currencies);
    }
  });

  it('quotes each area’s own addresses and terms', () => {
    expect(textOf(find(byArea.eu, 'page', 'contact'))).toContain('Copenhagen');
    expect(textOf(find(byArea.us, 'page', 'contact'))).toContain('Santa Monica');
    expect(textOf(find(byArea.eu, 'page', 'terms'))).toContain('30 days net');
  });

  it('includes only elements and forms that exist, and category tiles of existing categories', () => {
    const categoryIds = new Set(
      CATEGORY_TREE.flatMap((root) => [root.id, ...root.children.map((leaf) => `${root.id}-${leaf.slug}`)]),
    );
    for (const documents of Object.values(byArea)) {
      for (const block of documents.flatMap(blocksOf)) {
        if (block.type === 'element') expect(find(documents, 'element', block.elementId)).toBeDefined();
        if (block.type === 'form') expect(find(documents, 'form', block.formId)).toBeDefined();
        if (block.type === 'categoryTiles')
          for (const tile of block.tiles) expect(categoryIds).toContain(tile.categoryId);
      }
    }
    expect(blocksOf(find(byArea.eu, 'page', 'contact'))).toContainEqual(expect.objectContaining({ formId: 'contact' }));
    expect(blocksOf(find(byArea.eu, 'page', 'request-account'))).toContainEqual(
      expect.objectContaining({ formId: 'request-account' }),
    );
  });

  it('links only to pages that exist in content or in the storefront', () => {
    const contentUrls = new Set(byArea.eu.flatMap((document) => (document.url ? [document.url] : [])));
    const storefrontRoutes = [
      '/login',
      '/search',
      '/customer-center',
      // the ordering guide and the sales desk point buyers and reps to their tools (apps/web/app/routes.ts)
      '/customer-center/instant-excel',
      '/customer-center/favorite-list',
      '/customer-center/orders',
      '/customer-center/invoices',
      '/customer-center/credit-memos',
      '/customer-center/impersonation',
      '/customer-center/impersonation/sessions',
    ];
    const leafUrls = CATEGORY_TREE.flatMap((root) => root.children.map((leaf) => `/${root.id}/${leaf.slug}`));
    for (const document of byArea.eu) {
      for (const target of linksOf(document)) {
        if (target.startsWith('mailto:')) continue;
        expect([...contentUrls, ...storefrontRoutes, ...leafUrls], `${document.key} links to ${target}`).toContain(
          target,
        );
      }
    }
  });

  it('defines the contact and request-account forms with their required fields and recipients', () => {
    const contact = find(byArea.eu, 'form', 'contact').body;
    const request = find(byArea.us, 'form', 'request-account').body;
    if (contact.kind !== 'form' || request.kind !== 'form') throw new Error('not forms');
    const required = (fields: typeof contact.fields) =>
      fields.filter((field) => field.required).map((field) => field.name);
    expect(required(contact.fields)).toEqual(['name', 'company', 'email', 'subject', 'message']);
    expect(contact.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['phone', 'customerNumber']));
    expect(contact.recipient).toBe('service@ridgeline.example');
    expect(required(request.fields)).toEqual([
      'company',
      'taxId',
      'contactName',
      'email',
      'phone',
      'country',
      'businessType',
      'acceptTerms',
    ]);
    expect(request.fields.find((field) => field.name === 'acceptTerms')?.type).toBe('checkbox');
    expect(request.fields.find((field) => field.name === 'country')?.options).toEqual(['United States', 'Canada']);
    expect(request.recipient).toBe('sales@ridgeline.example');
  });

  it('shows the first-visit modal once to anonymous visitors on every page, pointing at the account request', () => {
    const modal = find(byArea.eu, 'modal', 'first-visit');
    expect(modal.body).toMatchObject({ audience: 'anonymous', frequency: 'once', version: 1, pathPrefixes: ['/'] });
    expect(linksOf(modal)).toEqual(['/request-account']);
  });

  it('names only stored images, each as large as its SVG draws it', () => {
    const stored = new Map(buildContentImageRows().map((row) => [row.path, row.body.toString('utf8')]));
    const images = byArea.eu.flatMap(blocksOf).flatMap((block) => {
      if (block.type === 'hero') return [block.image];
      if (block.type === 'categoryTiles') return block.tiles.flatMap((tile) => (tile.image ? [tile.image] : []));
      return [];
    });
    expect(images.length).toBeGreaterThanOrEqual(13);
    for (const image of images) {
      const svg = stored.get(image.path);
      expect(svg, image.path).toBeDefined();
      expect(svg).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${image.width} ${image.height}"`));
    }
  });
});
