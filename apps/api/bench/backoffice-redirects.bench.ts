/**
 * `npm run bench:backoffice-redirects`: the back office's redirects (issue 28 §3), in-process through `app.inject`
 * (no network: the API's own cost) on PGlite, on the bench catalogue of support.ts (its 100,000 product URLs are
 * what each imported from-path is checked against).
 *
 * Scenarios: UpdateRedirectsByCsv of 50,000 new redirects (wall time of the one call, a few runs, the area emptied by
 * DeleteAllRedirects before each), then with those 50,000 stored: GetRedirectByUrl (the API's redirect map, ADR 037)
 * for 100 paths asked again and again, a different path each time and paths without a redirect; a storefront
 * process's reload (GetAllRedirects and building its map); and the storefront's own look-up, a read of that map
 * (`RedirectMap.find`, what every page request costs). Output also goes to
 * <repo>/bench/results/backoffice-redirects.txt.
 *
 * Targets (issue 28 §3): the import of 50,000 ≤ 5 s; a storefront redirect look-up p95 ≤ 1 ms.
 */
import path from 'node:path';
import {
  DELETE_ALL_REDIRECTS_CONFIRMATION,
  type GetAllRedirectsResponse,
  INTERNAL_API_SECRET_HEADER,
} from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { redirectsEndpoints } from '@b2b/contract/endpoints/redirects';
import { RedirectMap } from '@b2b/contract/redirect-map';
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
  summarise,
} from './support.ts';

const ROWS = 50_000;
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2_000);
/** The US area: the EU area keeps the demo redirects. */
const AREA = 'us';
const IMPORT_TARGET_MS = 5_000;
/** Paths the repeated look-ups cycle through: fewer than the cache holds, each asked every 100 look-ups. */
const HOT_PATHS = 100;
const LOOKUP_TARGET_MS = 1;
/** How many times a storefront process's reload of the whole map is timed. */
const RELOAD_RUNS = 5;
/** The storefront loads its map with the secret both apps share (ADR 030, 037). */
const INTERNAL_API_SECRET = 'bench-internal-secret-bench-internal-secret';
const report = createReport('backoffice-redirects');
const print = report.print;

type App = Awaited<ReturnType<typeof buildBenchApp>>;

async function logInStaff(app: App): Promise<{ authorization: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: {
      area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' },
      username: 'backoffice',
      password: 'demo',
    },
  });
  if (login.statusCode !== 200) throw new Error(`Login of backoffice failed: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
}

function redirectsCsv(): string {
  const lines = ['fromPath,toUrl,status'];
  for (let index = 0; index < ROWS; index++) lines.push(`/bench/old-page-${index},/skate?item=${index},301`);
  return `${lines.join('\r\n')}\r\n`;
}

async function main() {
  await ensureBenchCatalogue();
  process.env.INTERNAL_API_SECRET = INTERNAL_API_SECRET;
  const app = await buildBenchApp();
  const samples: Sample[] = [];
  try {
    const headers = await logInStaff(app);
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await app.inject({ method: 'POST', url, headers, payload });
      if (response.statusCode !== 200)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return response;
    };
    const csv = redirectsCsv();

    const importDurations: number[] = [];
    for (let run = 0; run < IMPORT_RUNS; run++) {
      await post(redirectsEndpoints.deleteAllRedirects.path, {
        area: AREA,
        confirm: DELETE_ALL_REDIRECTS_CONFIRMATION,
      });
      console.error(`[bench] import of ${ROWS} rows, run ${run + 1} of ${IMPORT_RUNS}…`);
      const startedAt = performance.now();
      const response = await post(redirectsEndpoints.updateRedirectsByCsv.path, { area: AREA, csv, dryRun: false });
      importDurations.push(performance.now() - startedAt);
      const answer = response.json<{ applied: boolean; created: number }>();
      if (!answer.applied || answer.created !== ROWS)
        throw new Error(`the import wrote nothing: ${response.body.slice(0, 300)}`);
    }
    samples.push(summarise(`UpdateRedirectsByCsv: ${ROWS} new rows (${IMPORT_RUNS} runs)`, importDurations));

    const lookUp = async (url: string, expected: number) => {
      const query = new URLSearchParams({
        'Area.AreaId': AREA,
        'Area.LanguageCode': 'en-GB',
        'Area.CurrencyCode': 'USD',
        Url: url,
      });
      const response = await app.inject({ method: 'GET', url: `${contentEndpoints.getRedirectByUrl.path}?${query}` });
      if (response.statusCode !== expected) throw new Error(`GetRedirectByUrl ${url} answered ${response.statusCode}`);
    };
    // Old URLs that links and crawlers ask for again and again.
    samples.push(
      await measureInSequence(
        `GetRedirectByUrl: ${HOT_PATHS} paths asked again and again (${ROWS} stored)`,
        { warmUp: WARM_UP, iterations: ITERATIONS },
        async (iteration) => lookUp(`/bench/old-page-${(iteration % HOT_PATHS) * 397}`, 200),
      ),
    );
    samples.push(
      await measureInSequence(
        `GetRedirectByUrl: a different one of ${ROWS} each time`,
        { warmUp: WARM_UP, iterations: ITERATIONS },
        async (iteration) => lookUp(`/en-GB/bench/old-page-${(iteration * 7919) % ROWS}?ref=mail`, 200),
      ),
    );
    samples.push(
      await measureInSequence(
        `GetRedirectByUrl: a path without a redirect (${ROWS} stored)`,
        { warmUp: WARM_UP, iterations: ITERATIONS },
        async (iteration) => lookUp(`/bench/no-such-page-${iteration}`, 404),
      ),
    );

    // A storefront process's map, loaded as lib/redirect-map.server.ts loads it (here through app.inject).
    const storefrontMap = new RedirectMap({
      loadAll: async () => {
        const response = await app.inject({
          method: 'GET',
          url: contentEndpoints.getAllRedirects.path,
          headers: { [INTERNAL_API_SECRET_HEADER]: INTERNAL_API_SECRET },
        });
        if (response.statusCode !== 200) throw new Error(`GetAllRedirects answered ${response.statusCode}`);
        return response.json<GetAllRedirectsResponse>().redirects;
      },
      onLoadError: (error) => {
        throw error;
      },
    });
    const reloadDurations: number[] = [];
    for (let run = 0; run < RELOAD_RUNS; run++) {
      const startedAt = performance.now();
      await storefrontMap.reload();
      reloadDurations.push(performance.now() - startedAt);
    }
    samples.push(summarise(`storefront map reload: GetAllRedirects + build (${RELOAD_RUNS} runs)`, reloadDurations));
    samples.push(
      await measureInSequence(
        `storefront look-up: its map, a different one of ${ROWS} each time`,
        { warmUp: WARM_UP, iterations: ITERATIONS },
        async (iteration) => {
          const found = await storefrontMap.find(AREA, `/bench/old-page-${(iteration * 7919) % ROWS}`);
          if (found === null) throw new Error('the storefront map misses a stored redirect');
        },
      ),
    );
    await post(redirectsEndpoints.deleteAllRedirects.path, { area: AREA, confirm: DELETE_ALL_REDIRECTS_CONFIRMATION });
  } finally {
    await app.close();
  }

  const [importSample, hotSample, coldSample, , , storefrontSample] = samples;
  print(`# bench:backoffice-redirects — ${new Date().toISOString()}`);
  print(machineLine());
  print(`PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}, ${BENCH_PRODUCT_COUNT} products`);
  print();
  for (const line of formatTable(samples)) print(line);
  print();
  print(
    `import of ${ROWS}: p95 ${importSample?.p95.toFixed(0)} ms (target ≤ ${IMPORT_TARGET_MS} ms) ${
      (importSample?.p95 ?? Number.POSITIVE_INFINITY) <= IMPORT_TARGET_MS ? 'met' : 'MISSED'
    }`,
  );
  for (const [label, sample] of [
    ['GetRedirectByUrl, asked again', hotSample],
    ['GetRedirectByUrl, each path new', coldSample],
    ["storefront's look-up (every page request)", storefrontSample],
  ] as const) {
    print(
      `${label}: p95 ${sample?.p95.toFixed(3)} ms (target ≤ ${LOOKUP_TARGET_MS} ms) ${
        (sample?.p95 ?? Number.POSITIVE_INFINITY) <= LOOKUP_TARGET_MS ? 'met' : 'MISSED'
      }`,
    );
  }
  report.save();
}

await main();
