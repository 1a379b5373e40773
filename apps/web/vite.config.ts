import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Build updates (spec §4): each build has an id (BUILD_ID from the environment, e.g. a commit hash, or a fresh one),
 * compiled into the client bundle as `__BUILD_ID__` and written to `build/client/builds/latest.json`, which the
 * storefront polls (app/layout/build-update-watcher.tsx) to notice that a newer build is being served.
 */
const buildId = process.env.BUILD_ID?.trim() || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** The name of the framework's chunk (`assets/framework-<hash>.js`); bench/bundle.bench.ts reads it. */
const FRAMEWORK_CHUNK = 'framework';

function buildManifest(): Plugin {
  return {
    name: 'ridgeline-build-manifest',
    apply: 'build',
    generateBundle() {
      // the browser's bundle only: the server build has no public folder
      if (this.environment.name !== 'client') return;
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ buildId, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

/** Text files under this size are sent as they are (the server's on-the-fly compression has the same threshold). */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each script, stylesheet and SVG of the
 * browser's bundle; server.mjs sends the copy the browser accepts (issue 12). Compressed once at build time instead
 * of on every request: the framework chunk cost 6.6 ms of the web's CPU at brotli quality 4 per first visit, and at
 * quality 11 the first-load files are ≈ 14 % smaller on the wire.
 */
function precompressAssets(): Plugin {
  const compressBrotli = promisify(brotliCompress);
  const compressGzip = promisify(gzip);
  return {
    name: 'ridgeline-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const outDir = options.dir;
      const files = Object.keys(bundle).filter((fileName) => /^assets\/.+\.(js|css|svg)$/.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const filePath = path.join(outDir, fileName);
          const source = await readFile(filePath);
          if (source.byteLength < PRECOMPRESS_MIN_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            compressBrotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            }),
            compressGzip(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${filePath}.br`, brotli), writeFile(`${filePath}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * The app's modules that two or more chunks share go into a few chunks, by the first loads that need them (a module's
 * static imports, not `import()`): `shared` for the shell (root.tsx: every page); for what the pages measured by
 * bench:bundle add, one chunk per set of them that needs a module (`shared-search-home-catch-all` for the product
 * card's parts, `shared-search` for the listing's …); `shared-lazy` for the helpers of the widgets the shell loads
 * when shown (mini-cart, account menu, search suggestions, toasts …); `shared-pages` for the rest (cart, checkout,
 * customer center, category and content pages' parts). A first load then fetches only what it renders: while the
 * listing's helpers, the content blocks and the lazy widgets' helpers shared one chunk with the shell, every page
 * fetched all of them (issue 25). Left to itself the bundler made each module its own file, and a first load fetched
 * 25 scripts (issue 12).
 */
const SHELL_ROUTE = 'root.tsx';
const FIRST_LOAD_ROUTES = ['routes/search.tsx', 'routes/home.tsx', 'routes/catch-all.tsx'];
const SHARED_CHUNK = 'shared';
const SHARED_CHUNK_LAZY = 'shared-lazy';
const SHARED_CHUNK_REST = 'shared-pages';

/** The shared chunks' names, those a first load of more of FIRST_LOAD_ROUTES needs first. */
function sharedChunkNames(): string[] {
  const names = FIRST_LOAD_ROUTES.map((route) => path.basename(route, '.tsx'));
  const subsets = Array.from({ length: 2 ** names.length - 1 }, (_, index) =>
    names.filter((_name, bit) => ((index + 1) >> bit) & 1),
  ).sort((a, b) => b.length - a.length);
  return [
    SHARED_CHUNK,
    ...subsets.map((subset) => `${SHARED_CHUNK}-${subset.join('-')}`),
    SHARED_CHUNK_LAZY,
    SHARED_CHUNK_REST,
  ];
}

/** Each app module's shared chunk, worked out once the client's module graph is complete (sharedChunks). */
const sharedChunkOfModule = new Map<string, string>();

/** Works out `sharedChunkOfModule` at the end of the client's build phase, before chunks are made. */
function sharedChunks(): Plugin {
  return {
    name: 'ridgeline-shared-chunks',
    apply: 'build',
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const appDir = fileURLToPath(new URL('./app/', import.meta.url));
      /** The modules a route reaches by static imports, and by `import()` too when `withLazyImports`. */
      const reach = (route: string, withLazyImports: boolean): Set<string> => {
        const seen = new Set<string>();
        const pending = [path.join(appDir, route)];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          pending.push(...(info?.importedIds ?? []), ...((withLazyImports && info?.dynamicallyImportedIds) || []));
        }
        return seen;
      };
      sharedChunkOfModule.clear();
      const shell = reach(SHELL_ROUTE, false);
      const shellWithLazyParts = reach(SHELL_ROUTE, true);
      const pages = FIRST_LOAD_ROUTES.map((route) => ({
        name: path.basename(route, '.tsx'),
        modules: reach(route, false),
      }));
      for (const id of this.getModuleIds()) {
        const needers = pages.filter((page) => page.modules.has(id)).map((page) => page.name);
        const chunk = shell.has(id)
          ? SHARED_CHUNK
          : needers.length > 0
            ? `${SHARED_CHUNK}-${needers.join('-')}`
            : shellWithLazyParts.has(id)
              ? SHARED_CHUNK_LAZY
              : SHARED_CHUNK_REST;
        sharedChunkOfModule.set(id, chunk);
      }
    },
  };
}

const APP_MODULE = /[/]app[/]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), sharedChunks(), buildManifest(), precompressAssets()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, React DOM and React Router in one chunk of their own: every page needs all of it, it changes
            // only with an upgrade (so stays cached across our deploys), and bench/bundle.bench.ts tells the
            // framework's share of the first-load JavaScript from ours by this name.
            codeSplitting: {
              groups: [
                {
                  name: FRAMEWORK_CHUNK,
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/,
                  priority: 20,
                },
                // The app's small modules that two or more chunks share, in few chunks (sharedChunks): left to
                // itself the bundler made each its own file, and a first load fetched 25 scripts (a quarter of them
                // under 300 bytes). The shop is served over HTTP/1.1, six connections a host: on a phone's connection
                // each round of six costs a round trip before the page can hydrate, and Lighthouse's mobile simulation
                // put them all on the first paint's path (issue 12: /search 91 → 95–99, `/` and the product page
                // 86–90 → 97–100).
                // One group a chunk name, those needed by more pages first: a module's imports are needed by the
                // same pages or more, and a group captures a module's imports with it unless an earlier group has
                // (the listing's cards went with the front page's carousel otherwise).
                ...sharedChunkNames().map((chunk, index) => ({
                  name: chunk,
                  test: (id: string) => APP_MODULE.test(id) && sharedChunkOfModule.get(id) === chunk,
                  minShareCount: 2,
                  priority: 19 - index,
                })),
              ],
            },
          },
        },
      },
    },
  },
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  server: {
    port: Number(process.env.PORT) || 3000,
    host: process.env.HOST || undefined,
  },
  preview: {
    port: Number(process.env.PORT) || 3000,
  },
});
