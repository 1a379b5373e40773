/**
 * React Router's own floor for `npm run bench:web` (web.bench.ts starts it as a child process, NODE_ENV=production):
 * a product listing rendered by React Router alone — a static handler runs a loader that makes no API call, the
 * static router renders the page with its hydration data, React renders it into one buffer — served by Express with
 * the same `compression` middleware as server.mjs. `GET /listing?bytes=N` answers a page of about N bytes of HTML, so
 * the bench compares each shop page with React Router's cost for a page of the same size. It lives in the bench
 * folder only: the shop has no bench route.
 *
 *   PORT (required)     the port to listen on
 *   WEB_PROCESSES (1)   server processes sharing the port (node:cluster), as many as the shop's server.mjs runs
 */
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { constants as zlibConstants } from 'node:zlib';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  StaticRouterProvider,
  useLoaderData,
} from 'react-router';

/** The part of Express that this server uses; the web has no Express types (server.mjs is plain JavaScript). */
type ExpressApp = {
  disable(setting: string): void;
  use(middleware: unknown): void;
  get(
    path: string,
    handler: (
      request: { query: Record<string, unknown> },
      response: { type(type: string): { send(body: Buffer): void } },
      next: (error: unknown) => void,
    ) => Promise<void>,
  ): void;
  listen(port: number, onListening: () => void): Server;
};
const require = createRequire(import.meta.url);
const express = require('express') as () => ExpressApp;
const compression = require('compression') as (options: object) => unknown;

type Item = { id: number; name: string; brand: string; itemNumber: string; description: string; price: string };

const BRANDS = ['Northline', 'Urban Drift', 'Kickflip Co', 'Saltwater Supply', 'Powder Hound', 'Gravel and Grit'];
const MODELS = ['Harbor', 'Mesa', 'Glacier', 'Inlet', 'Orbit', 'Quarry', 'Sierra', 'Undertow', 'Juniper', 'Pulse'];
const KINDS = ['Deck', 'Longboard', 'Wetsuit', 'Helmet', 'Knee Pads', 'Goggles', 'Frame', 'Cap', 'Boots', 'Fin Set'];

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sta', 'ver', 'gon', 'tri', 'pla', 'dex', 'wo', 'fin', 'qua', 'zel'];

/** Deterministic pseudo-random words, so the page compresses about as well as a shop page (≈ 1:8), not 1:17. */
function words(seed: number, count: number): string {
  let state = seed * 2_654_435_761;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 2 + (next() % 3) }, () => SYLLABLES[next() % SYLLABLES.length]).join(''),
  ).join(' ');
}

/** Varied, product-like text (identical cards would compress unrealistically well). */
function makeItem(index: number): Item {
  const brand = BRANDS[index % BRANDS.length] ?? '';
  const model = MODELS[(index * 7) % MODELS.length] ?? '';
  const kind = KINDS[(index * 3) % KINDS.length] ?? '';
  const id = 100_000 + ((index * 7919) % 90_000);
  return {
    id,
    name: `${brand} ${model} ${kind}`,
    brand,
    itemNumber: `${id}-${(index * 31) % 97}`,
    description: `${model} ${kind.toLowerCase()} by ${brand}: ${words(index + 1, 14)}.`,
    price: `€${((index * 1373) % 200_000) / 100}`,
  };
}

function loader({ request }: LoaderFunctionArgs) {
  const count = Number(new URL(request.url).searchParams.get('items') ?? 24);
  return { items: Array.from({ length: count }, (_, index) => makeItem(index)) };
}

function Listing() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold md:text-3xl">Search</h1>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {items.map((item) => (
          <li
            key={item.itemNumber}
            className="flex flex-col rounded-xl border border-neutral-200 bg-white p-4 shadow-sm"
          >
            <a href={`/p/${item.id}`} className="group flex flex-col gap-2 focus-visible:outline-2">
              <img
                src={`/images/fit/400/400/center/${item.id}.jpg`}
                alt=""
                width={400}
                height={400}
                loading="lazy"
                className="aspect-square w-full rounded-lg bg-neutral-100 object-contain"
              />
              <h3 className="text-base font-semibold leading-snug group-hover:underline">{item.name}</h3>
            </a>
            <p className="text-sm text-neutral-600">
              {item.brand} · Item {item.itemNumber}
            </p>
            <p className="line-clamp-2 text-sm text-neutral-700">{item.description}</p>
            <p className="mt-auto pt-2 text-lg font-semibold tabular-nums">{item.price}</p>
            <form method="post" action="/resources/cart" className="mt-2 flex items-end gap-2">
              <input type="hidden" name="itemNumber" value={item.itemNumber} />
              <label className="flex flex-col text-sm">
                Quantity
                <input
                  name="quantity"
                  inputMode="numeric"
                  defaultValue="1"
                  className="w-20 rounded-md border border-neutral-300 px-2 py-1"
                />
              </label>
              <button type="submit" className="rounded-md bg-neutral-900 px-3 py-2 text-sm font-semibold text-white">
                Add to cart
              </button>
            </form>
          </li>
        ))}
      </ul>
    </main>
  );
}

const routes = [{ path: '/listing', loader, Component: Listing }];
const handler = createStaticHandler(routes);

/** Renders /listing with `items` cards into one buffer in one pass, as app/entry.server.tsx does once it can. */
async function renderListing(items: number): Promise<Buffer> {
  const request = new Request(`http://floor/listing?items=${items}`);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const document = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Search</title>
      </head>
      <body>
        <StaticRouterProvider router={router} context={context} />
      </body>
    </html>
  );
  return Buffer.from(`<!DOCTYPE html>${renderToString(document)}`);
}

/** The card count whose page is closest to `bytes`, from two renderings (the size grows linearly with the cards). */
const cardCounts = new Map<number, number>();
async function cardsFor(bytes: number): Promise<number> {
  const known = cardCounts.get(bytes);
  if (known !== undefined) return known;
  const [ten, forty] = [(await renderListing(10)).byteLength, (await renderListing(40)).byteLength];
  const perCard = (forty - ten) / 30;
  const count = Math.max(1, Math.round(10 + (bytes - ten) / perCard));
  cardCounts.set(bytes, count);
  return count;
}

function serve(): void {
  const app = express();
  app.disable('x-powered-by');
  // The pages' settings in server.mjs (compressPages): gzip level 3, brotli quality 2.
  app.use(compression({ level: 3, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } } }));
  app.get('/listing', async (request, response, next) => {
    try {
      const html = await renderListing(await cardsFor(Number(request.query.bytes) || 100_000));
      response.type('html').send(html);
    } catch (error) {
      next(error);
    }
  });
  const server = app.listen(Number(process.env.PORT), () => {
    if (cluster.isPrimary) console.log('[floor] ready');
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

/** The floor's server processes, as server.mjs starts the shop's (without its restarts: a bench run is short). */
function serveInProcesses(count: number): void {
  let listening = 0;
  for (let index = 0; index < count; index++) {
    cluster.fork().on('listening', () => {
      listening += 1;
      if (listening === count) console.log('[floor] ready');
    });
  }
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((worker) => !worker || worker.isDead())) process.exit(0);
    });
  });
}

const processCount = Number(process.env.WEB_PROCESSES || 1);
if (cluster.isPrimary && processCount > 1) serveInProcesses(processCount);
else serve();
