/**
 * `npm run bench:search`: latency and throughput of product search and of a price batch, measured in-process
 * through `app.inject` (no network, so the figures are the API's own cost) on the 100k-product catalogue in PGlite.
 *
 * Seeds the catalogue into its own data folder when missing (PGLITE_DATA_DIR, default <repo>/.data/bench;
 * BENCH_PRODUCTS, default 100000), builds the app (which builds the search index), warms up, then runs each
 * scenario sequentially and prints p50 / p95 / p99 and requests per second. Also measures the index alone, to show
 * where the time goes. The output is written to <repo>/bench/results/search.txt.
 *
 * Targets (issue): search p95 ≤ 10 ms, price batch of 12 p95 ≤ 2 ms; issue 11: a plural word, two words and a typo
 * each p95 ≤ 5 ms, the other rows no slower than 1.2× the figures before it.
 */
import path from 'node:path';
import { getProductsBySearchRefinedBody, PRICE_CHUNK_SIZE } from '@b2b/contract';
import { chooseFacets, toSearchQuery } from '../src/modules/product/search-query.ts';
import { findSearchIndex } from '../src/modules/search/search-index.plugin.ts';
import {
  BENCH_DATA_DIR,
  BENCH_PRODUCT_COUNT,
  buildBenchApp,
  createReport,
  ensureBenchCatalogue,
  formatTable,
  machineLine,
  measureInSequence,
  REPO_ROOT,
  type Sample,
} from './support.ts';

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 300);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2_000);

const measure = (name: string, run: (iteration: number) => Promise<void> | void) =>
  measureInSequence(name, { warmUp: WARM_UP, iterations: ITERATIONS }, run);
const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const report = createReport('search');
const print = report.print;

/** The entry for this iteration, cycling through the list. */
function cycle<T>(list: readonly T[], iteration: number): T {
  const entry = list[iteration % list.length];
  if (entry === undefined) throw new Error('cycle over an empty list');
  return entry;
}
/** Search bodies: rotated so each iteration asks something slightly different. */
const FULL_SEARCHES = [
  { search: 'deck', brands: ['bb', 'kickflip-co', 'blacktop-boards'], colours: ['Black', 'Red'], size: '8.0"' },
  { search: 'pro', brands: ['bb', 'northline', 'frostbite'], colours: ['Blue', 'White'], size: 'M' },
  { search: 'bbs', brands: ['bb', 'urban-drift', 'lowtide'], colours: ['Black', 'Green'], size: 'L' },
  { search: 'jack', brands: ['powder-hound', 'northline', 'bb'], colours: ['Navy', 'Black'], size: 'S' },
].map((entry, position) => ({
  area: AREA,
  search: entry.search,
  facets: [
    { field: 'brand', type: 'CheckboxOr', values: entry.brands },
    { field: 'colour', type: 'CheckboxOr', values: entry.colours },
    { field: 'size', type: 'CheckboxAnd', values: [entry.size] },
    { field: 'stockLevel', type: 'Slider', min: '5' },
  ],
  sorting: [[{ field: 'name', direction: 'Ascending' }], [{ field: 'stockLevel', direction: 'Descending' }]][
    position % 2
  ],
  skip: 0,
  take: 24,
}));

const FACET_SEARCHES = [
  { category: 'skate', gender: 'Unisex', colours: ['Black', 'Red'], material: 'Bamboo' },
  { category: 'apparel', gender: 'Women', colours: ['Blue', 'Navy'], material: 'Organic cotton' },
  { category: 'snow', gender: 'Men', colours: ['White', 'Black'], material: 'Poplar core' },
].map((entry, position) => ({
  area: AREA,
  facets: [
    { field: 'gender', type: 'CheckboxOr', values: [entry.gender] },
    { field: 'colour', type: 'CheckboxOr', values: entry.colours },
    { field: 'season', type: 'CheckboxOr', values: ['SS25', 'AW25'] },
  ],
  categoryId: entry.category,
  skip: position * 24,
  take: 24,
}));

/** Issue 11: a plural ("helmets" finds Helmet and the Helmets category), two words (red AND helmet), a typo. */
const RELEVANCE_SEARCHES = { plural: 'helmets', twoWords: 'red helmet', typo: 'snowbord' } as const;
const relevanceBody = (search: string) => [{ area: AREA, search, take: 24 }];

const TEXT_SEARCHES = ['bb deck', 'northline jacket', 'wheels 52', 'pro', '1000', 'kickflip'].map((search) => ({
  area: AREA,
  search,
  take: 24,
}));

async function main(): Promise<void> {
  await ensureBenchCatalogue();
  const bootStartedAt = performance.now();
  const app = await buildBenchApp();
  const bootMilliseconds = performance.now() - bootStartedAt;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { area: AREA, username: 'eu-buyer', password: 'demo' },
    });
    if (login.statusCode !== 200) throw new Error(`Login failed: ${login.statusCode} ${login.body}`);
    const authorization = `Bearer ${login.json<{ accessToken: string }>().accessToken}`;

    const expectOk = (response: { statusCode: number; body: string }, what: string) => {
      if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
    };
    const search = (bodies: object[]) => async (iteration: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/Product/GetProductsBySearch',
        payload: cycle(bodies, iteration),
      });
      expectOk(response, 'GetProductsBySearch');
    };
    const keys = Array.from({ length: 50 }, (_, index) =>
      Array.from({ length: PRICE_CHUNK_SIZE }, (_, offset) => ({
        productId: String(100_000 + ((index * 977 + offset * 7919) % BENCH_PRODUCT_COUNT)),
      })),
    );
    const prices = async (iteration: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/Price/GetPrices',
        headers: { authorization },
        payload: { currencyCode: 'EUR', products: keys[iteration % keys.length] },
      });
      expectOk(response, 'GetPrices');
    };

    const sample = (
      await app.inject({ method: 'POST', url: '/api/Product/GetProductsBySearch', payload: FULL_SEARCHES[0] })
    ).json<{
      itemsTotal: number;
    }>();
    const catalogue = findSearchIndex(app)?.catalogue;
    if (catalogue === undefined) throw new Error('The app has no search index.');
    /** The same searches on the index alone (no HTTP, validation or product loading). */
    const searchIndexOnly = (bodies: object[]) => {
      const queries = bodies.map((body) => {
        const parsed = getProductsBySearchRefinedBody.parse(body);
        return toSearchQuery(parsed, chooseFacets(catalogue.defaultFacets.get(parsed.area.areaId), parsed));
      });
      return (iteration: number) => {
        catalogue.index.search(cycle(queries, iteration));
      };
    };

    /** Random pages deep in the unfiltered catalogue: almost every product is a product-cache miss (database). */
    const coldPages = Array.from({ length: WARM_UP + ITERATIONS }, (_, index) => ({
      area: AREA,
      skip: ((index * 7_919) % Math.floor(BENCH_PRODUCT_COUNT / 24)) * 24,
      take: 24,
    }));

    /** "helmets" with a different stock slider each time: its facet counts are never in the snapshot's cache. */
    const coldCounts = Array.from({ length: WARM_UP + ITERATIONS }, (_, index) => ({
      area: AREA,
      search: RELEVANCE_SEARCHES.plural,
      facets: [{ field: 'stockLevel', type: 'Slider', min: String(index) }],
      take: 24,
    }));

    const samples: Sample[] = [];
    samples.push(await measure('search: text + 3 facets + slider + sort', search(FULL_SEARCHES)));
    samples.push(await measure('search: facets only (3 facets + category)', search(FACET_SEARCHES)));
    samples.push(await measure('search: text only', search(TEXT_SEARCHES)));
    const coldSample = await measure('search: random deep page, product cache cold', search(coldPages));
    samples.push(coldSample);
    const priceSample = await measure(`price batch of ${PRICE_CHUNK_SIZE} (eu-buyer)`, prices);
    samples.push(priceSample);
    samples.push(await measure('index only: text + 3 facets + slider + sort', searchIndexOnly(FULL_SEARCHES)));
    samples.push(await measure('index only: facets only', searchIndexOnly(FACET_SEARCHES)));
    samples.push(await measure('index only: text only', searchIndexOnly(TEXT_SEARCHES)));
    const relevanceSamples: Sample[] = [];
    for (const [kind, text] of Object.entries(RELEVANCE_SEARCHES)) {
      relevanceSamples.push(await measure(`search: ${kind} "${text}"`, search(relevanceBody(text))));
      relevanceSamples.push(await measure(`index only: ${kind} "${text}"`, searchIndexOnly(relevanceBody(text))));
    }
    samples.push(...relevanceSamples);
    const coldCountsSample = await measure(
      `search: plural "${RELEVANCE_SEARCHES.plural}", facet counts cold`,
      search(coldCounts),
    );
    samples.push(coldCountsSample);

    print(`# npm run bench:search — ${new Date().toISOString()}`);
    print(
      `# ${BENCH_PRODUCT_COUNT} products (PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}), ${machineLine()}`,
    );
    print(`# app.inject, sequential; ${WARM_UP} warm-up + ${ITERATIONS} measured requests per scenario`);
    print(
      `# app start (migrations + search index build): ${Math.round(bootMilliseconds)} ms; index load + build ${catalogue.buildMilliseconds} ms`,
    );
    print(
      `# sample search: ${sample.itemsTotal} hits for ${JSON.stringify(FULL_SEARCHES[0]?.search)} with 3 facets + slider`,
    );
    print();
    for (const line of formatTable(samples)) print(line);
    print();
    print('Targets: search p95 ≤ 10 ms; price batch p95 ≤ 2 ms.');
    print(
      'Search results come from the index (~1 ms) plus the products of the page: cached per index snapshot, so the ' +
        'first three rows repeat cached pages; the cold row reads all 24 products from PGlite. Facet counts are ' +
        'cached per snapshot too, by text, category and filters (not by page or sort): the rows that repeat a query ' +
        'count once; the index-only rows and the "facet counts cold" row count every time.',
    );
    const searchP95 = Math.max(...samples.slice(0, 3).map((entry) => entry.p95));
    print(`Cold search p95 ${coldSample.p95.toFixed(2)} ms.`);
    const relevanceP95 = Math.max(...relevanceSamples.map((entry) => entry.p95));
    print(
      `Plural, two-word and typo searches (issue 11) p95 ≤ ${relevanceP95.toFixed(2)} ms: ${relevanceP95 <= 5 ? 'met' : 'MISSED'} (target 5 ms).`,
    );
    print(`The plural search with its facet counts cold: p95 ${coldCountsSample.p95.toFixed(2)} ms.`);
    const priceP95 = priceSample.p95;
    print(
      `Search p95 ${searchP95.toFixed(2)} ms: ${searchP95 <= 10 ? 'met' : 'MISSED'}. Price batch p95 ${priceP95.toFixed(2)} ms: ${priceP95 <= 2 ? 'met' : 'MISSED'}.`,
    );
  } finally {
    await app.close();
  }
  report.save();
}

await main();
