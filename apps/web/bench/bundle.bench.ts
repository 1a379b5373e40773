/**
 * `npm run bench:bundle` (from the repository root, after `npm run build`): the JavaScript a first load of `/`,
 * `/search` and a product page fetches, gzip-compressed at level 6 (the target's measure), and beside it the bytes the
 * server sends a browser that accepts brotli (the build's `.br` copies, vite.config.ts), from the built client's
 * route manifest (build/client/assets/manifest-*.js): the entry and its imports, the root route's and the page
 * route's modules and their static imports — what the page's `<link rel="modulepreload">`s and
 * its module script load before the page is interactive. Dynamic imports (widgets loaded when used) are not counted.
 * React Router inlines the matched routes' part of the manifest in the page (lazy route discovery), so the manifest
 * file is not fetched either. The framework (React, React DOM, React Router: the `framework` chunk, vite.config.ts)
 * is told apart from the app's own code. Output also goes to <repo>/bench/results/bundle.txt.
 *
 * Targets (issue 12): the listing's first-load JavaScript ≤ 120 kB gzip, the app's own share ≤ 10 kB.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ASSETS = path.join(WEB_DIR, 'build/client/assets');
const RESULTS = path.resolve(WEB_DIR, '../../bench/results/bundle.txt');
const TOTAL_TARGET_KB = 120;
const APP_TARGET_KB = 10;

type RouteEntry = { module: string; imports?: string[]; css?: string[] };
type RouteManifest = { entry: RouteEntry; routes: Record<string, RouteEntry> };

/** The pages measured: the route ids a first load of each matches (root first). */
const PAGES: [string, string[]][] = [
  ['/', ['root', 'routes/home']],
  ['/search', ['root', 'routes/search']],
  ['product', ['root', 'routes/catch-all']],
];

function readManifest(): RouteManifest {
  const file = readdirSync(ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${ASSETS}: run "npm run build --workspace @b2b/web" first`);
  const source = readFileSync(path.join(ASSETS, file), 'utf8');
  // `window.__reactRouterManifest={…};`
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as RouteManifest;
}

const gzipSizes = new Map<string, number>();
function gzipSize(url: string): number {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(ASSETS, path.basename(url))), { level: 6 }).length;
    gzipSizes.set(url, size);
  }
  return size;
}

/** What the server sends for the file to a browser that accepts brotli: the build's `.br` copy, else the file. */
function servedBrotliSize(url: string): number {
  const file = path.join(ASSETS, path.basename(url));
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/**
 * One line per page: total, framework, app (with its three largest files), how many script files a first load fetches,
 * and whether the targets are met.
 */
export function firstLoadReport(): string[] {
  const manifest = readManifest();
  const lines = [
    'first-load JavaScript, gzip (kB = 1,000 bytes)',
    'page        total  framework    app  files  brotli sent  largest of the app',
  ];
  for (const [page, routeIds] of PAGES) {
    const urls = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const id of routeIds) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route ${id} is not in the manifest`);
      for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
    }
    let framework = 0;
    const app: [string, number][] = [];
    for (const url of urls) {
      if (/\/framework-[\w-]+\.js$/.test(url)) framework += gzipSize(url);
      else app.push([path.basename(url), gzipSize(url)]);
    }
    const appTotal = app.reduce((sum, [, size]) => sum + size, 0);
    const brotliSent = [...urls].reduce((sum, url) => sum + servedBrotliSize(url), 0);
    const total = framework + appTotal;
    const largest = app
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, size]) => `${name.replace(/-[\w-]{8}\.js$/, '')} ${kB(size)}`)
      .join(', ');
    const verdict =
      total <= TOTAL_TARGET_KB * 1000 && appTotal <= APP_TARGET_KB * 1000
        ? 'met'
        : `MISSED (${[
            total > TOTAL_TARGET_KB * 1000 ? `total > ${TOTAL_TARGET_KB}` : '',
            appTotal > APP_TARGET_KB * 1000 ? `app > ${APP_TARGET_KB}` : '',
          ]
            .filter(Boolean)
            .join(', ')})`;
    lines.push(
      `${page.padEnd(8)} ${kB(total).padStart(8)} ${kB(framework).padStart(10)} ${kB(appTotal).padStart(6)} ${String(urls.size).padStart(6)} ${kB(brotliSent).padStart(12)}  ${largest}; ${page === '/' ? '(no target)' : verdict}`,
    );
  }
  lines.push(`targets: total ≤ ${TOTAL_TARGET_KB} kB, app ≤ ${APP_TARGET_KB} kB (/search; the product page likewise)`);
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = firstLoadReport();
  console.log(lines.join('\n'));
  writeFileSync(RESULTS, `bundle bench ${new Date().toISOString()}\n${lines.join('\n')}\n`);
}
