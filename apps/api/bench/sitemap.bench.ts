/**
 * `npm run bench:sitemap`: the API's cost of one full sitemap file (GET /api/Sitemap/GetEntries, 50,000 product
 * paths with change times, serialised to JSON) and of the sitemap index, through `app.inject` on the 100k-product
 * bench catalogue in PGlite (support.ts). The storefront's XML writing adds little next to it (one string join).
 * The output is written to <repo>/bench/results/sitemap.txt.
 *
 * Target (issue 10): a sitemap page of 50,000 products ≤ 1.5 s.
 */
import path from 'node:path';
import { sitemapEndpoints } from '@b2b/contract/endpoints/sitemap';
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

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 3);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);

const measure = (name: string, run: (iteration: number) => Promise<void> | void) =>
  measureInSequence(name, { warmUp: WARM_UP, iterations: ITERATIONS }, run);
const TARGET_MS = 1_500;
const report = createReport('sitemap');
const print = report.print;

async function main() {
  await ensureBenchCatalogue();
  const app = await buildBenchApp();
  const samples: Sample[] = [];
  try {
    const inject = async (url: string, expectedEntries?: number) => {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      if (expectedEntries !== undefined) {
        const entries = (JSON.parse(response.body) as { entries: unknown[] }).entries.length;
        if (entries !== expectedEntries) throw new Error(`${url} listed ${entries} entries, not ${expectedEntries}`);
      }
    };
    const query = 'AreaId=eu&LanguageCode=en-GB';
    const fullPage = Math.min(50_000, BENCH_PRODUCT_COUNT);
    samples.push(
      await measure(`GetEntries products page 1 (${fullPage.toLocaleString('en')} paths)`, () =>
        inject(`${sitemapEndpoints.getEntries.path}?${query}&Type=products&Page=1`, fullPage),
      ),
    );
    samples.push(
      await measure('GetIndex (last change per file of 50,000)', () =>
        inject(`${sitemapEndpoints.getIndex.path}?${query}`),
      ),
    );
  } finally {
    await app.close();
  }

  print(`# npm run bench:sitemap — ${new Date().toISOString()}`);
  print(
    `# ${BENCH_PRODUCT_COUNT} products (PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}), ${machineLine()}`,
  );
  print(`# app.inject, sequential; ${WARM_UP} warm-up + ${ITERATIONS} measured requests each`);
  print();
  for (const line of formatTable(samples)) print(line);
  print();
  const [page] = samples;
  print(
    `Target sitemap page of 50,000 products: ${page ? `p95 ${page.p95.toFixed(0)} ms ≤ ${TARGET_MS} ms: ${page.p95 <= TARGET_MS ? 'met' : 'MISSED'}` : 'not run'}.`,
  );
  report.save();
}

await main();
