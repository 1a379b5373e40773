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
 * The app's modules that two or more chunks share go into a few chunks, by the first load that needs them (a
 * module's static imports, not `import()`): `shared` for the shell (root.tsx: every page), `shared-listing` for what
 * the listing adds (routes/search.tsx; category pages too), `shared-content` for what the front page, content pages
 * and product pages add (routes/home.tsx, routes/catch-all.tsx), `shared-lazy` for the helpers of the widgets the
 * shell loads when shown (mini-cart, account menu, search suggestions, toasts …), and `shared-pages` for the rest
 * (cart, checkout, customer center). A first load then fetches only what it renders: when the listing's helpers, the
 * content blocks and the lazy widgets' helpers shared one chunk with the shell, every page fetched all of them
 * (issue 25: /search 137.3 → … kB). Left to itself the bundler made each module its own file, and a first load
 * fetched 25 scripts (issue 12).
 */
const SHARED_CHUNKS: { chunk: string; routes: string[]; withLazyImports: boolean }[] = [
  { chunk: 'shared', routes: ['root.tsx'], withLazyImports: false },
  { chunk: 'shared-cards', routes: ['components/product/product-card.tsx'], withLazyImports: false },
  { chunk: 'shared-listing', routes: ['routes/search.tsx'], withLazyImports: false },
  { chunk: 'shared-content', routes: ['routes/home.tsx', 'routes/catch-all.tsx'], withLazyImports: false },
  { chunk: 'shared-lazy', routes: ['root.tsx'], withLazyImports: true },
];
const SHARED_CHUNK_REST = 'shared-pages';

/** Each app module's shared chunk, worked out once the client's module graph is complete (sharedChunks). */
const sharedChunkOfModule = new Map<string, string>();

/**
 * Works out `sharedChunkOfModule` at the end of the client's build phase, before chunks are made: the first of
 * SHARED_CHUNKS whose routes reach a module (by static imports; by `import()` too where `withLazyImports`) names it.
 */
function sharedChunks(): Plugin {
  return {
    name: 'ridgeline-shared-chunks',
    apply: 'build',
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const appDir = fileURLToPath(new URL('./app/', import.meta.url));
      sharedChunkOfModule.clear();
      for (const { chunk, routes, withLazyImports } of SHARED_CHUNKS) {
        const pending = routes.map((route) => path.join(appDir, route));
        const seen = new Set<string>();
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          if (!sharedChunkOfModule.has(id)) sharedChunkOfModule.set(id, chunk);
          const info = this.getModuleInfo(id);
          pending.push(...(info?.importedIds ?? []), ...((withLazyImports && info?.dynamicallyImportedIds) || []));
        }
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
                // The app's small modules that two or more chunks share, in few chunks (sharedChunkName): left to
                // itself the bundler made each its own file, and a first load fetched 25 scripts (a quarter of them
                // under 300 bytes). The shop is served over HTTP/1.1, six connections a host: on a phone's connection
                // each round of six costs a round trip before the page can hydrate, and Lighthouse's mobile simulation
                // put them all on the first paint's path (issue 12: /search 91 → 95–99, `/` and the product page
                // 86–90 → 97–100).
                // by the first load that needs them, the earlier first (higher priority): a module's imports
                // otherwise follow it into its chunk, and the listing's cards went with the front page's carousel
                ...SHARED_CHUNKS.map(({ chunk }, index) => ({
                  name: chunk,
                  test: (id: string) => APP_MODULE.test(id) && sharedChunkOfModule.get(id) === chunk,
                  minShareCount: 2,
                  priority: 15 - index,
                })),
                {
                  name: SHARED_CHUNK_REST,
                  test: (id: string) => APP_MODULE.test(id) && !sharedChunkOfModule.has(id),
                  minShareCount: 2,
                  priority: 10,
                },
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
