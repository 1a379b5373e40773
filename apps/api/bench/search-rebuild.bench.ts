/**
 * `npm run bench:search-rebuild`: what a rebuild of the search index (a catalogue change, ADR 041) costs the
 * requests of the same API process. Concurrent searches run through `app.inject` the whole time; windows without a
 * rebuild and windows during one alternate, and each reports the searches' p50 / p99 and the longest event-loop
 * stall (perf_hooks monitorEventLoopDelay). Also: the rebuild's time and its parts (reading the catalogue on the main
 * thread, the worker, unpacking), the process's RSS and heap idle and at the peak of a rebuild, and, for comparison,
 * one rebuild done the old way (parse and build on the event loop).
 *
 * The catalogue: PGlite at PGLITE_DATA_DIR (default <repo>/.data/bench; BENCH_PRODUCTS products, seeded when the count
 * differs), or a PostgreSQL database the caller has seeded (BENCH_DATABASE_URL, e.g. `npm run db:seed -- --products
 * 100000` with DATABASE_URL). Writes its section (per product count and database) into
 * <repo>/bench/results/search-rebuild.txt, keeping the other sections. Run with --expose-gc (the npm script does) so
 * the idle figures are after a full collection.
 *
 *   BENCH_REBUILDS (3), BENCH_CONCURRENCY (4 searches at a time), BENCH_NORMAL_MS (4000, each window without a rebuild)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { products } from '@b2b/db/schema';
import { count } from 'drizzle-orm';
import { createProductIndexOptions } from '../src/modules/search/search-documents.ts';
import { findSearchIndex } from '../src/modules/search/search-index.plugin.ts';
import { DEFAULT_SEARCH_INDEX_WORKER_MAX_MB, readSearchSource } from '../src/modules/search/search-index.service.ts';
import { SearchIndex } from '../src/modules/search/search-index.ts';
import { buildSnapshotInWorker } from '../src/modules/search/search-index-builder.ts';
import { parseSearchSource, type SearchSourceText } from '../src/modules/search/search-source.ts';
import {
  BENCH_DATA_DIR,
  BENCH_PRODUCT_COUNT,
  buildBenchApp,
  ensureBenchCatalogue,
  formatTable,
  machineLine,
  REPO_ROOT,
  type Sample,
  summarise,
} from './support.ts';

const REBUILDS = Number(process.env.BENCH_REBUILDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const NORMAL_MS = Number(process.env.BENCH_NORMAL_MS ?? 4_000);
/** After a rebuild the new snapshot's caches are empty: searches in this window are not counted. */
const SETTLE_MS = 2_000;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const RESULT_FILE = path.join(REPO_ROOT, 'bench', 'results', 'search-rebuild.txt');

/** A mix of what the search page asks: text with facets and sorting, a category listing, a typo, a deep page. */
const SEARCHES = [
  { search: 'deck', facets: [{ field: 'colour', type: 'CheckboxOr', values: ['Black', 'Red'] }], sorting: [] },
  { search: 'helmets', facets: [{ field: 'stockLevel', type: 'Slider', min: '5' }], sorting: [] },
  { categoryId: 'skate', facets: [{ field: 'gender', type: 'CheckboxOr', values: ['Unisex'] }], sorting: [] },
  { search: 'snowbord', facets: [], sorting: [{ field: 'name', direction: 'Ascending' }] },
  { search: 'red helmet', facets: [], sorting: [] },
  { categoryId: 'apparel', facets: [], sorting: [{ field: 'stockLevel', direction: 'Descending' }], skip: 48 },
].map((body) => ({ area: AREA, skip: 0, take: 24, ...body }));

type Request = { start: number; end: number };
type Window = { name: string; start: number; end: number; maxStallMs: number; p99StallMs: number };

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Runs `work` with an event-loop delay monitor; the window's longest and p99 stall. */
async function inWindow(name: string, work: () => Promise<unknown>): Promise<Window> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const start = performance.now();
  await work();
  const end = performance.now();
  // A stall at the very end of the work is recorded when the monitor's timer fires next.
  await sleep(50);
  histogram.disable();
  return { name, start, end, maxStallMs: histogram.max / 1e6, p99StallMs: histogram.percentile(99) / 1e6 };
}

/** Replaces this run's section of the result file (`## <title>`), keeping the others. */
function saveSection(title: string, lines: string[]): void {
  const header = [
    '# npm run bench:search-rebuild — searches while the search index rebuilds (ADR 041)',
    '# One section per catalogue size and database; each written by its own run.',
  ];
  const sections = new Map<string, string[]>();
  if (existsSync(RESULT_FILE)) {
    let current: string | undefined;
    for (const line of readFileSync(RESULT_FILE, 'utf8').split('\n')) {
      if (line.startsWith('## ')) {
        current = line;
        sections.set(current, []);
      } else if (current !== undefined) sections.get(current)?.push(line);
    }
  }
  sections.set(`## ${title}`, ['', ...lines, '']);
  const ordered = [...sections].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  const body = ordered.flatMap(([heading, sectionLines]) => [
    heading,
    ...sectionLines.filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== '')),
  ]);
  writeFileSync(RESULT_FILE, `${[...header, '', ...body].join('\n').trimEnd()}\n`);
  console.log(`\n[bench] written to ${path.relative(process.cwd(), RESULT_FILE)} (section "${title}")`);
}

async function main(): Promise<void> {
  if (DATABASE_URL === '') await ensureProducts();
  const lines: string[] = [];
  const print = (line = '') => {
    console.log(line);
    lines.push(line);
  };
  const app = await buildBenchApp({ databaseUrl: DATABASE_URL });
  const service = findSearchIndex(app);
  if (service === undefined) throw new Error('The app has no search index');
  try {
    const productCount = service.catalogue.index.size;
    const database = DATABASE_URL === '' ? `PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR)}` : 'PostgreSQL';
    const title = `${productCount} products, ${DATABASE_URL === '' ? 'PGlite' : 'PostgreSQL'}`;

    const requests: Request[] = [];
    let isRunning = true;
    let iteration = 0;
    const searcher = async () => {
      while (isRunning) {
        const body = SEARCHES[iteration++ % SEARCHES.length];
        const start = performance.now();
        const response = await app.inject({ method: 'POST', url: '/api/Product/GetProductsBySearch', payload: body });
        if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
        requests.push({ start, end: performance.now() });
      }
    };

    collectGarbage();
    await sleep(500);
    collectGarbage();
    const idle = process.memoryUsage();
    let peak = { rss: idle.rss, heapUsed: idle.heapUsed };
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, usage.rss), heapUsed: Math.max(peak.heapUsed, usage.heapUsed) };
    }, 20);

    console.error(`[bench] ${CONCURRENCY} searches at a time; ${REBUILDS} rebuilds…`);
    const searchers = Array.from({ length: CONCURRENCY }, searcher);
    await sleep(SETTLE_MS); // warm-up: caches of the first snapshot
    const normal: Window[] = [];
    const rebuilds: Window[] = [];
    const rebuildMs: number[] = [];
    for (let round = 0; round < REBUILDS; round++) {
      normal.push(await inWindow('normal', () => sleep(NORMAL_MS)));
      const window = await inWindow('rebuild', () => service.refresh());
      rebuilds.push(window);
      rebuildMs.push(window.end - window.start);
      await sleep(SETTLE_MS);
    }
    // For comparison: one rebuild as before ADR 041 (read, parse and build on the event loop; the read in chunks).
    const before = await inWindow('in-thread build', async () => {
      const parsed = parseSearchSource(await readSearchSource(app.database));
      SearchIndex.build(parsed.documents, createProductIndexOptions(parsed.brandNames, parsed.categories));
    });
    await sleep(SETTLE_MS);
    isRunning = false;
    await Promise.all(searchers);
    clearInterval(sampler);
    collectGarbage();
    await sleep(500);
    collectGarbage();
    const idleAfter = process.memoryUsage();

    // The parts of one rebuild, without the searches: read (main thread), worker, unpack (main thread).
    let text: SearchSourceText | undefined;
    const read = await inWindow('read', async () => {
      text = await readSearchSource(app.database);
    });
    if (text === undefined) throw new Error('The catalogue was not read');
    const source = text;
    let built: Awaited<ReturnType<typeof buildSnapshotInWorker>> | undefined;
    const handover = await inWindow('worker + unpack', async () => {
      built = await buildSnapshotInWorker(source, DEFAULT_SEARCH_INDEX_WORKER_MAX_MB);
    });
    if (built === undefined) throw new Error('no build');

    const within = (windows: Window[]) =>
      requests
        .filter((request) => windows.some((window) => request.end > window.start && request.start < window.end))
        .map((request) => request.end - request.start);
    const samples: Sample[] = [
      summarise('searches, no rebuild', within(normal)),
      summarise('searches during a rebuild (worker thread)', within(rebuilds)),
      summarise('searches during an in-thread build (before)', within([before])),
    ];
    const maxStall = (windows: Window[]) => Math.max(...windows.map((window) => window.maxStallMs)).toFixed(0);
    const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

    print(`# ${new Date().toISOString()}: ${productCount} products (${database}), ${machineLine()}`);
    print(
      `# ${CONCURRENCY} concurrent searches through app.inject (${SEARCHES.length} bodies in turn); ${REBUILDS} rebuilds, each after ${NORMAL_MS / 1000} s without; run from source (tsx)`,
    );
    print();
    for (const line of formatTable(samples)) print(line);
    print();
    const normalP99 = samples[0]?.p99 ?? Number.NaN;
    const rebuildP99 = samples[1]?.p99 ?? Number.NaN;
    print(
      `p99 during a rebuild / without: ${(rebuildP99 / normalP99).toFixed(2)}× (target ≤ 2×: ${rebuildP99 <= 2 * normalP99 ? 'met' : 'not met'})`,
    );
    print(
      `Longest event-loop stall: ${maxStall(normal)} ms without a rebuild, ${maxStall(rebuilds)} ms during a rebuild, ${before.maxStallMs.toFixed(0)} ms during the in-thread build`,
    );
    print(
      `Rebuild under load: ${average(rebuildMs).toFixed(0)} ms on average (${rebuildMs.map((value) => value.toFixed(0)).join(', ')}); the in-thread build took ${(before.end - before.start).toFixed(0)} ms`,
    );
    print(
      `Parts of a rebuild without load: reading the catalogue ${(read.end - read.start).toFixed(0)} ms on the main thread (longest stall ${read.maxStallMs.toFixed(0)} ms); worker ${built.workerMilliseconds} ms, unpacking ${built.unpackMilliseconds} ms (longest stall of both ${handover.maxStallMs.toFixed(0)} ms)`,
    );
    print(
      `Memory: idle RSS ${mb(idle.rss)} MB, heap ${mb(idle.heapUsed)} MB; peak during the run RSS ${mb(peak.rss)} MB, heap ${mb(peak.heapUsed)} MB; idle after the run RSS ${mb(idleAfter.rss)} MB, heap ${mb(idleAfter.heapUsed)} MB; the worker's heap at its peak ${mb(built.workerHeapBytes)} MB (limit ${DEFAULT_SEARCH_INDEX_WORKER_MAX_MB} MB)`,
    );
    saveSection(title, lines);
  } finally {
    await app.close();
  }
}

/** The PGlite bench catalogue with BENCH_PRODUCTS products (a 300k folder needs no order history). */
async function ensureProducts(): Promise<void> {
  const { createDatabase } = await import('@b2b/db');
  const database = await createDatabase({ url: '', dataDir: BENCH_DATA_DIR });
  let existing = 0;
  try {
    const [row] = await database.db.select({ value: count() }).from(products);
    existing = row?.value ?? 0;
  } catch {
    // a fresh folder
  } finally {
    await database.close();
  }
  if (existing !== BENCH_PRODUCT_COUNT) await ensureBenchCatalogue();
}

await main();
