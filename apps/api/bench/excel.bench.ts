/**
 * `npm run bench:excel`: Instant Excel and favourite lists (issue 26 §3) on the 100k-product catalogue in PGlite,
 * logged in as eu-buyer (whose customer has 11,000 orders of history, so every sheet's "last ordered" columns are
 * read from a long history).
 *
 * 1. In-process through `app.inject` (the API's own cost), sequential:
 *    - DownloadSheet of a favourite list holding products with exactly BENCH_SHEET_ROWS (5,000) variants, the bytes
 *      read to the end (the sheet is streamed as it is written); and of the customer's last 12 months' purchases;
 *    - ValidateUpload of that 5,000-row sheet with every Quantity filled (the sheet as the buyer sends it back);
 *    - GetFavoriteListsBySearch as the storefront asks (Skip 0, Take 15, touchedAt descending) on a customer with
 *      100 lists.
 *    The bench's lists are eu-buyer's customer's: the run deletes them first and makes them again.
 * 2. Memory, over HTTP: the API in a child process on 127.0.0.1 (BENCH_EXCEL_PORT, default 4514). The child's peak
 *    RSS (Linux VmHWM, reset through /proc/<pid>/clear_refs before each request; else the largest VmRSS sampled
 *    every 5 ms) against its RSS just before: while ValidateUpload reads a sheet of 10,000 filled rows, and while
 *    DownloadSheet streams a brand of 20,000+ variants to a reader. The upload three times, its median judged: the
 *    peak depends on when the garbage collector runs.
 *
 * Prints p50 / p95 / p99 and the rises; output also goes to <repo>/bench/results/excel.txt.
 *
 * Targets (issue 26 §3): a sheet of 5,000 variants p95 ≤ 1 s; a 5,000-row upload validated p95 ≤ 500 ms; a 10,000-row
 * upload raises the API's peak RSS by ≤ 100 MB; GetFavoriteListsBySearch with 100 lists p95 ≤ 5 ms.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_FAVORITE_LISTS } from '@b2b/contract/constants';
import type { EndpointDefinition } from '@b2b/contract/endpoint';
import { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import { type Executor, queryRows } from '@b2b/db';
import { favoriteLists, users } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  BENCH_DATA_DIR,
  BENCH_PRODUCT_COUNT,
  buildBenchApp,
  createReport,
  ensureBenchCatalogue,
  formatTable,
  machineLine,
  REPO_ROOT,
  type Sample,
  summarise,
} from './support.ts';

const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const USERNAME = 'eu-buyer';
const DEMO_PASSWORD = 'demo';
/** Rows of the benched sheet and upload (issue 26 §3: 5,000). */
const SHEET_ROWS = Number(process.env.BENCH_SHEET_ROWS ?? 5_000);
/** Rows of the upload whose memory is measured (issue 26 §3: 10,000). */
const LARGE_UPLOAD_ROWS = 10_000;
/** The brand whose sheet (20,000+ variants) is streamed in the memory part. */
const LARGE_SHEET_BRAND = process.env.BENCH_EXCEL_BRAND ?? 'tidebreak';
const SHEET_ITERATIONS = Number(process.env.BENCH_SHEET_ITERATIONS ?? 20);
const UPLOAD_ITERATIONS = Number(process.env.BENCH_UPLOAD_ITERATIONS ?? 20);
const LIST_ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);
const HTTP_PORT = Number(process.env.BENCH_EXCEL_PORT ?? 4514);
const TARGETS = { sheetMs: 1_000, uploadMs: 500, uploadRssMb: 100, listsMs: 5 };
const report = createReport('excel');
const print = report.print;

type App = Awaited<ReturnType<typeof buildBenchApp>>;
type Headers = { authorization: string };

async function logIn(app: App): Promise<Headers> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: { area: AREA, username: USERNAME, password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`Login failed: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
}

/** One call through app.inject; anything but its success status stops the bench. */
async function inject(app: App, endpoint: EndpointDefinition, headers: Headers, body: unknown, query?: string) {
  const response = await app.inject({
    method: endpoint.method,
    url: endpoint.path + (query ? `?${query}` : ''),
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  if (response.statusCode !== (endpoint.successStatus ?? 200)) {
    throw new Error(`${endpoint.path} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  }
  return response;
}

/**
 * Products of the bench catalogue, still sold and priced in EUR, whose variants add up to exactly `rowCount`: the
 * ones with the most variants first, so they fit in one favourite list (at most 1,000 products).
 */
async function findProductsWithVariants(db: Executor, rowCount: number): Promise<string[]> {
  const candidates = await queryRows<{ id: string; variants: number }>(
    db,
    sql`select p.id, count(v.id)::int as variants
          from products p
          join product_variants v on v.product_id = p.id
         where p.discontinued_at is null
           and exists (select 1 from prices pr join price_lists pl on pl.id = pr.price_list_id
                        where pr.product_id = p.id and pl.currency_code = 'EUR' and pl.price_group_id is null)
         group by p.id
         order by count(v.id) desc, p.id
         limit 5000`,
  );
  const chosen: string[] = [];
  let total = 0;
  for (const candidate of candidates) {
    if (total + candidate.variants > rowCount) continue;
    chosen.push(candidate.id);
    total += candidate.variants;
    if (total === rowCount) return chosen.sort();
  }
  throw new Error(`no products with exactly ${rowCount} variants among the candidates`);
}

/** The customer's lists: the bench's own, made again on every run (one of SHEET_ROWS variants, 99 small ones). */
async function makeBenchLists(app: App, headers: Headers): Promise<string> {
  const { db } = app.database;
  const [buyer] = await db.select({ customerId: users.customerId }).from(users).where(eq(users.username, USERNAME));
  if (!buyer?.customerId) throw new Error(`${USERNAME} has no customer`);
  await db.delete(favoriteLists).where(eq(favoriteLists.customerId, buyer.customerId));
  const save = async (listName: string, productIds: string[]) => {
    const response = await inject(app, favoriteListEndpoints.addOrUpdateFavoriteList, headers, {
      area: AREA,
      favouriteList: { listName, products: productIds.map((productId) => ({ productId })) },
    });
    return response.json<{ listId: string }>().listId;
  };
  const sheetProducts = await findProductsWithVariants(db, SHEET_ROWS);
  const sheetListId = await save(`Bench sheet of ${SHEET_ROWS} variants`, sheetProducts);
  for (let index = 1; index < MAX_FAVORITE_LISTS; index++) {
    await save(`Bench list ${index}`, sheetProducts.slice(index * 5, index * 5 + 10));
  }
  return sheetListId;
}

/** A sheet read back: its data rows (below the header) as a count. */
async function countSheetRows(bytes: Buffer): Promise<{ workbook: ExcelJS.Workbook; rows: number }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the sheet has no worksheet');
  return { workbook, rows: sheet.rowCount - 3 };
}

/** The sheet as a buyer sends it back: the first `rowCount` Quantity cells filled with 1; base64 for ValidateUpload. */
async function fillQuantities(bytes: Buffer, rowCount: number): Promise<string> {
  const { workbook } = await countSheetRows(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the sheet has no worksheet');
  const quantityColumn = (sheet.getRow(3).values as unknown[]).indexOf('Quantity');
  for (let row = 4; row < 4 + rowCount; row++) sheet.getRow(row).getCell(quantityColumn).value = 1;
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

/**
 * Like support.ts's measureInSequence, and also the process's CPU time per iteration: the machine is shared, and
 * the in-process API (PGlite included) runs on this process's CPU time alone, so it is the figure a busy machine
 * does not inflate.
 */
async function measureWithCpu(
  name: string,
  counts: { warmUp: number; iterations: number },
  run: () => Promise<void>,
): Promise<{ wall: Sample; cpu: Sample }> {
  console.error(`[bench] ${name}…`);
  for (let iteration = 0; iteration < counts.warmUp; iteration++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  const startedAt = performance.now();
  for (let iteration = 0; iteration < counts.iterations; iteration++) {
    const cpuBefore = process.cpuUsage();
    const before = performance.now();
    await run();
    wall.push(performance.now() - before);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: summarise(name, wall, performance.now() - startedAt), cpu: summarise(name, cpu) };
}

/** Part 1: the API's own cost, through app.inject. */
async function measureInProcess(): Promise<{ samples: Sample[]; cpuSamples: Sample[]; notes: string[] }> {
  const app = await buildBenchApp();
  try {
    const headers = await logIn(app);
    console.error('[bench] making the bench’s 100 favourite lists…');
    const listId = await makeBenchLists(app, headers);
    const sheetOf = async (scope: object) =>
      (await inject(app, instantExcelEndpoints.downloadSheet, headers, { area: AREA, scope })).rawPayload;

    const listSheet = await sheetOf({ type: 'favoriteList', listId });
    const listRows = (await countSheetRows(listSheet)).rows;
    if (listRows !== SHEET_ROWS) throw new Error(`the list's sheet has ${listRows} rows, not ${SHEET_ROWS}`);
    const purchasesRows = (await countSheetRows(await sheetOf({ type: 'purchases' }))).rows;
    const upload = {
      area: AREA,
      file: { fileName: 'bench.xlsx', contentBase64: await fillQuantities(listSheet, SHEET_ROWS) },
    };
    const listQuery = new URLSearchParams({
      'Area.AreaId': AREA.areaId,
      'Area.LanguageCode': AREA.languageCode,
      'Area.CurrencyCode': AREA.currencyCode,
      Skip: '0',
      Take: '15',
      Search: '',
      'Sorting[0].Field': 'touchedAt',
      'Sorting[0].Direction': 'Descending',
      IncludeSourceFields: 'true',
    }).toString();

    const measured = [
      await measureWithCpu(
        `DownloadSheet, favourite list (${SHEET_ROWS} variants)`,
        { warmUp: 2, iterations: SHEET_ITERATIONS },
        async () => void (await sheetOf({ type: 'favoriteList', listId })),
      ),
      await measureWithCpu(
        `DownloadSheet, 12 months' purchases (${purchasesRows} variants)`,
        { warmUp: 2, iterations: SHEET_ITERATIONS },
        async () => void (await sheetOf({ type: 'purchases' })),
      ),
      await measureWithCpu(
        `ValidateUpload, ${SHEET_ROWS} filled rows (.xlsx)`,
        { warmUp: 2, iterations: UPLOAD_ITERATIONS },
        async () => void (await inject(app, instantExcelEndpoints.validateUpload, headers, upload)),
      ),
      await measureWithCpu(
        `GetFavoriteListsBySearch, ${MAX_FAVORITE_LISTS} lists (Take 15)`,
        { warmUp: 50, iterations: LIST_ITERATIONS },
        async () =>
          void (await inject(app, favoriteListEndpoints.getFavoriteListsBySearch, headers, undefined, listQuery)),
      ),
    ];
    const notes = [
      `sheet bytes: ${(listSheet.length / 1024).toFixed(0)} KB for ${SHEET_ROWS} rows; ` +
        `upload ${(upload.file.contentBase64.length / 1024).toFixed(0)} KB of base64`,
    ];
    return { samples: measured.map((sample) => sample.wall), cpuSamples: measured.map((sample) => sample.cpu), notes };
  } finally {
    await app.close();
  }
}

// --- Part 2: memory of the API process, over HTTP -------------------------------------------------------------

/** The child: the API on the bench catalogue, listening; says when it is ready. */
async function serve(): Promise<void> {
  const app = await buildBenchApp();
  await app.listen({ host: '127.0.0.1', port: HTTP_PORT });
  process.send?.({ type: 'ready' });
  process.on('disconnect', () => {
    void app.close().then(() => process.exit(0));
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request to the child; the whole answer's bytes. */
function post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: HTTP_PORT,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function readStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) : Number.NaN;
}

/** Resets the process's peak RSS (Linux: "5" to clear_refs); false where that is not allowed. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return readStatusKb(pid, 'VmHWM') <= readStatusKb(pid, 'VmRSS') + 1024;
  } catch {
    return false;
  }
}

/** Runs `work` while watching the child's RSS: its RSS before, and the peak during (VmHWM, or the sampled maximum). */
async function measureRssRise(pid: number, work: () => Promise<void>) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = readStatusKb(pid, 'VmRSS');
  const hasPeak = resetPeakRss(pid);
  let sampled = before;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, readStatusKb(pid, 'VmRSS'));
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const peak = hasPeak ? Math.max(readStatusKb(pid, 'VmHWM'), sampled) : sampled;
  return { beforeMb: before / 1024, riseMb: (peak - before) / 1024, method: hasPeak ? 'VmHWM' : 'sampled VmRSS' };
}

async function measureMemory(): Promise<string[]> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const [message] = (await once(child, 'message')) as [{ type: string }];
    if (message.type !== 'ready' || !child.pid) throw new Error('the API did not start');
    const pid = child.pid;
    const login = await post(
      '/api/User/Login',
      {},
      JSON.stringify({ area: AREA, username: USERNAME, password: DEMO_PASSWORD }),
    );
    const headers = { authorization: `Bearer ${JSON.parse(login.body.toString()).accessToken}` };
    const download = (scope: object) =>
      post(instantExcelEndpoints.downloadSheet.path, headers, JSON.stringify({ area: AREA, scope }));
    const validate = async (contentBase64: string) => {
      const response = await post(
        instantExcelEndpoints.validateUpload.path,
        headers,
        JSON.stringify({ area: AREA, file: { fileName: 'bench.xlsx', contentBase64 } }),
      );
      if (response.status !== 200) throw new Error(`ValidateUpload answered ${response.status}: ${response.body}`);
    };

    console.error(`[bench] building a sheet of ${LARGE_UPLOAD_ROWS} filled rows…`);
    const brandSheet = await download({ type: 'brand', brandId: LARGE_SHEET_BRAND });
    if (brandSheet.status !== 200) throw new Error(`DownloadSheet answered ${brandSheet.status}`);
    const brandRows = (await countSheetRows(brandSheet.body)).rows;
    if (brandRows < LARGE_UPLOAD_ROWS) throw new Error(`the brand's sheet has ${brandRows} rows`);
    const largeUpload = await fillQuantities(brandSheet.body, LARGE_UPLOAD_ROWS);
    // Warm-up: the code paths of both calls loaded and compiled before anything is measured.
    await validate(await fillQuantities(brandSheet.body, 100));
    await download({ type: 'brand', brandId: LARGE_SHEET_BRAND });

    // The rise depends on when the collector runs: three runs, the median judged.
    const uploads = [];
    for (let run = 0; run < 3; run++) uploads.push(await measureRssRise(pid, () => validate(largeUpload)));
    const upload = [...uploads].sort((a, b) => a.riseMb - b.riseMb)[1] ?? uploads[0];
    if (!upload) throw new Error('no upload measured');
    const sheet = await measureRssRise(pid, async () => {
      const response = await download({ type: 'brand', brandId: LARGE_SHEET_BRAND });
      if (response.status !== 200) throw new Error(`DownloadSheet answered ${response.status}`);
    });
    return [
      `ValidateUpload, ${LARGE_UPLOAD_ROWS} filled rows of a ${brandRows}-row sheet ` +
        `(${(largeUpload.length / 1024 / 1024).toFixed(1)} MB base64): peak RSS +${upload.riseMb.toFixed(1)} MB, ` +
        `the median of ${uploads.map((run) => `+${run.riseMb.toFixed(1)}`).join(', ')} ` +
        `(from ${upload.beforeMb.toFixed(0)} MB; ${upload.method})`,
      `DownloadSheet, brand ${LARGE_SHEET_BRAND} (${brandRows} rows, ` +
        `${(brandSheet.body.length / 1024 / 1024).toFixed(1)} MB): peak RSS +${sheet.riseMb.toFixed(1)} MB ` +
        `(from ${sheet.beforeMb.toFixed(0)} MB; ${sheet.method})`,
    ];
  } finally {
    agent.destroy();
    child.disconnect();
    child.kill();
  }
}

async function main() {
  await ensureBenchCatalogue();
  const { samples, cpuSamples, notes } = await measureInProcess();
  const memory = await measureMemory();

  print(`# npm run bench:excel — ${new Date().toISOString()}`);
  print(
    `# ${BENCH_PRODUCT_COUNT} products (PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}), ${machineLine()}`,
  );
  print(`# ${USERNAME}: 11,000 orders of history; app.inject, sequential`);
  print();
  for (const line of formatTable(samples)) print(line);
  for (const note of notes) print(`  ${note}`);
  print();
  print('# the same requests: CPU time of the process (the API and PGlite in it) per request, ms');
  for (const line of formatTable(cpuSamples)) print(line);
  print();
  print('# memory over HTTP: the API in a child process on 127.0.0.1, its peak RSS against its RSS just before');
  for (const line of memory) print(line);
  print();
  const uploadRise = Number(memory[0]?.match(/\+([\d.]+) MB/)?.[1] ?? Number.NaN);
  const verdict = (index: number, target: number) => {
    const wall = samples[index]?.p95 ?? Number.POSITIVE_INFINITY;
    const cpu = cpuSamples[index]?.p95 ?? Number.POSITIVE_INFINITY;
    return `wall ${wall.toFixed(1)} ms ${wall <= target ? 'met' : 'MISSED'}, CPU ${cpu.toFixed(1)} ms ${cpu <= target ? 'met' : 'MISSED'}`;
  };
  print('Targets (p95):');
  print(`  sheet of ${SHEET_ROWS} variants ≤ ${TARGETS.sheetMs} ms: ${verdict(0, TARGETS.sheetMs)}`);
  print(`  ${SHEET_ROWS}-row upload validated ≤ ${TARGETS.uploadMs} ms: ${verdict(2, TARGETS.uploadMs)}`);
  print(
    `  GetFavoriteListsBySearch with ${MAX_FAVORITE_LISTS} lists ≤ ${TARGETS.listsMs} ms: ${verdict(3, TARGETS.listsMs)}`,
  );
  print(
    `  ${LARGE_UPLOAD_ROWS}-row upload's peak RSS rise ≤ ${TARGETS.uploadRssMb} MB: ${uploadRise.toFixed(1)} MB ` +
      (uploadRise <= TARGETS.uploadRssMb ? 'met' : 'MISSED'),
  );
  report.save();
}

if (process.argv.includes('--serve')) await serve();
else await main();
