/**
 * `npm run bench:documents`: latency of the customer's document calls (issue 9) on a customer with 10,000+
 * invoices, measured in-process through `app.inject` (no network: the API's own cost) on PGlite.
 *
 * Uses the bench catalogue of support.ts (PGLITE_DATA_DIR, default <repo>/.data/bench; seeded, or seeded again,
 * until eu-buyer's customer has BENCH_MIN_INVOICES invoices) and logs in as eu-buyer. Scenarios, sequential:
 * GetInvoicesWithPagination page 1, a deep page (pages from the last fifth, in turn), status overdue with a text
 * filter; GetInvoicePdf and GetCreditMemoPdf of a different document each request (the customer's documents spread
 * over the whole history, in turn). Output also goes to <repo>/bench/results/documents.txt.
 *
 * Targets (issue 9 §4): invoice list page (20 of 10,000+) p95 ≤ 10 ms; invoice PDF p95 ≤ 150 ms.
 */
import path from 'node:path';
import type { EndpointDefinition } from '@b2b/contract/endpoint';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { creditMemos, invoices, users } from '@b2b/db/schema';
import { asc, eq } from 'drizzle-orm';
import {
  BENCH_DATA_DIR,
  BENCH_DOCUMENTS_USERNAME,
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

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);
/** A PDF costs tens of milliseconds: fewer of them keep the run within a minute or two. */
const PDF_ITERATIONS = Number(process.env.BENCH_PDF_ITERATIONS ?? 200);
/** How many different documents the PDF scenarios cycle through. */
const PDF_DOCUMENTS = 200;
const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const DEMO_PASSWORD = 'demo';
const PAGE_SIZE = 20;
/** Part of a number or a PO reference, as a customer types it: matches some of the overdue invoices. */
const SEARCH_TEXT = '12';
const LIST_TARGET_MS = 10;
const PDF_TARGET_MS = 150;
const report = createReport('documents');
const print = report.print;

type App = Awaited<ReturnType<typeof buildBenchApp>>;
type Headers = { authorization: string };

async function logIn(app: App, username: string): Promise<Headers> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: { area: AREA, username, password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`Login of ${username} failed: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
}

/** One call of the endpoint (its method and path from the contract); anything but its success status throws. */
async function call(
  app: App,
  headers: Headers,
  endpoint: EndpointDefinition,
  input: { query?: Record<string, string | number>; body?: object },
) {
  const search = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([name, value]) => [name, String(value)] as [string, string]),
  ).toString();
  const response = await app.inject({
    method: endpoint.method,
    url: endpoint.path + (search ? `?${search}` : ''),
    headers,
    ...(input.body ? { payload: input.body as Record<string, unknown> } : {}),
  });
  if (response.statusCode !== (endpoint.successStatus ?? 200)) {
    throw new Error(`${endpoint.path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return response;
}

/** `total` runs of `run(iteration)`, the first WARM_UP not measured; the durations of the others. */
async function measure(total: number, run: (iteration: number) => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  for (let iteration = 0; iteration < WARM_UP + total; iteration++) {
    const startedAt = performance.now();
    await run(iteration);
    if (iteration >= WARM_UP) durations.push(performance.now() - startedAt);
  }
  return durations;
}

/** Every `step`-th of the rows, so the sample spans the whole history (old and new documents alike). */
function spread<T>(rows: T[], amount: number): T[] {
  const step = Math.max(1, Math.floor(rows.length / amount));
  return rows.filter((_, index) => index % step === 0).slice(0, amount);
}

async function main() {
  await ensureBenchCatalogue();
  const app = await buildBenchApp();
  const samples: Sample[] = [];
  let invoiceCount = 0;
  try {
    const headers = await logIn(app, BENCH_DOCUMENTS_USERNAME);
    const { db } = app.database;
    const [buyer] = await db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.username, BENCH_DOCUMENTS_USERNAME));
    if (!buyer?.customerId) throw new Error(`${BENCH_DOCUMENTS_USERNAME} has no customer`);
    const customerInvoices = spread(
      await db
        .select({ id: invoices.id, linkId: invoices.linkId })
        .from(invoices)
        .where(eq(invoices.customerId, buyer.customerId))
        .orderBy(asc(invoices.invoiceNumber)),
      PDF_DOCUMENTS,
    );
    const customerCreditMemos = spread(
      await db
        .select({ id: creditMemos.id })
        .from(creditMemos)
        .where(eq(creditMemos.customerId, buyer.customerId))
        .orderBy(asc(creditMemos.creditMemoNumber)),
      PDF_DOCUMENTS,
    );

    const listPage = async (pageNr: number, filters: object = {}) => {
      const response = await call(app, headers, documentsEndpoints.getInvoicesWithPagination, {
        query: { pageSize: PAGE_SIZE, pageNr },
        body: { area: AREA, ...filters },
      });
      return response.json<{ invoices: unknown[]; totalCount: number }>();
    };
    const firstPage = await listPage(1);
    invoiceCount = firstPage.totalCount;
    const pageCount = Math.ceil(invoiceCount / PAGE_SIZE);
    const overdueFilter = { status: 'overdue', search: SEARCH_TEXT };
    const overdueMatches = (await listPage(1, overdueFilter)).totalCount;

    console.error(`[bench] invoice lists (${invoiceCount} invoices)…`);
    samples.push(
      summarise(
        `invoice list: page 1 (20 of ${invoiceCount})`,
        await measure(ITERATIONS, async () => {
          const page = await listPage(1);
          if (page.invoices.length !== PAGE_SIZE) throw new Error('page 1 is not full');
        }),
      ),
    );
    // Pages of the last fifth in turn: the offset makes the index read the rows before the page too.
    const deepPages = Array.from({ length: Math.max(1, Math.floor(pageCount / 5)) }, (_, index) => pageCount - index);
    samples.push(
      summarise(
        `invoice list: a deep page (${deepPages.at(-1)}–${pageCount} of ${pageCount})`,
        await measure(ITERATIONS, async (iteration) => {
          await listPage(deepPages[iteration % deepPages.length] ?? 1);
        }),
      ),
    );
    samples.push(
      summarise(
        `invoice list: overdue + text "${SEARCH_TEXT}" (${overdueMatches} match)`,
        await measure(ITERATIONS, async () => {
          await listPage(1, overdueFilter);
        }),
      ),
    );

    console.error(`[bench] PDFs (${customerInvoices.length} invoices, ${customerCreditMemos.length} credit memos)…`);
    samples.push(
      summarise(
        `invoice PDF (${customerInvoices.length} invoices in turn)`,
        await measure(PDF_ITERATIONS, async (iteration) => {
          const invoice = customerInvoices[iteration % customerInvoices.length];
          if (!invoice) throw new Error('the customer has no invoices');
          const response = await call(app, headers, documentsEndpoints.getInvoicePdf, {
            query: { InvoiceId: invoice.id, LinkId: invoice.linkId },
          });
          if (!response.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('not a PDF');
        }),
      ),
    );
    if (customerCreditMemos.length > 0) {
      samples.push(
        summarise(
          `credit memo PDF (${customerCreditMemos.length} credit memos in turn)`,
          await measure(PDF_ITERATIONS, async (iteration) => {
            const creditMemo = customerCreditMemos[iteration % customerCreditMemos.length];
            if (!creditMemo) throw new Error('the customer has no credit memos');
            await call(app, headers, documentsEndpoints.getCreditMemoPdf, { query: { CreditMemoId: creditMemo.id } });
          }),
        ),
      );
    }
  } finally {
    await app.close();
  }

  print(`# npm run bench:documents — ${new Date().toISOString()}`);
  print(
    `# ${BENCH_PRODUCT_COUNT} products, ${invoiceCount} invoices of ${BENCH_DOCUMENTS_USERNAME} (PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}), ${machineLine()}`,
  );
  print(
    `# app.inject, sequential, as ${BENCH_DOCUMENTS_USERNAME}; ${WARM_UP} warm-up + ${ITERATIONS} measured requests per list, ${PDF_ITERATIONS} per PDF`,
  );
  print();
  for (const line of formatTable(samples)) print(line);
  print();
  const [pageOne, , , invoicePdf] = samples;
  const verdict = (sample: Sample | undefined, target: number) =>
    sample ? `p95 ${sample.p95.toFixed(2)} ms ≤ ${target} ms: ${sample.p95 <= target ? 'met' : 'MISSED'}` : 'not run';
  print(`Target invoice list page 1 (20 of 10,000+): ${verdict(pageOne, LIST_TARGET_MS)}.`);
  print(`Target invoice PDF: ${verdict(invoicePdf, PDF_TARGET_MS)}.`);
  report.save();
}

await main();
