#!/usr/bin/env node
/**
 * `npm run build --workspace @b2b/api`: the API as plain JavaScript for production (ADR 038), so that it runs with
 * Node alone instead of tsx's loader (ADR 004: ≈ 80–90 MB resident and a slower start).
 *
 *   dist/server.js   the API (src/server.ts)
 *   dist/migrate.js  `npm run db:migrate` (packages/db/src/cli/migrate.ts): a deploy's migration step
 *   dist/seed.js     `npm run db:seed` (packages/db/src/cli/seed.ts): the demo catalogue, for demos only
 *   dist/search-index-worker.js  the search index's worker thread (ADR 041), started by dist/server.js
 *
 * esbuild bundles the repository's own TypeScript (apps/api, @b2b/db, @b2b/contract) and leaves every package from
 * node_modules as an import: they are installed beside the build (`npm ci --omit=dev`) and load files of their own
 * (PGlite's WebAssembly, argon2's native addon, pdfkit's fonts, the API docs' assets) from their own folders.
 *
 * A module of ours that finds a file from its own place (`new URL('../migrations', import.meta.url)`) would find it
 * from the bundle's place instead. The build therefore keeps `import.meta.url` meaning the source module's address:
 * in each of our modules it becomes that file's URL, resolved from the bundle's. The build needs the source tree's
 * layout around it at run time only for the files read from disk: `packages/db/migrations` (the container image
 * copies exactly that, deploy/api.Dockerfile).
 *
 * Plain JavaScript on purpose: it runs before anything is built.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_DIR = fileURLToPath(new URL('.', import.meta.url));
const OUT_DIR = path.join(API_DIR, 'dist');
const REPO_ROOT = path.resolve(API_DIR, '..', '..');

/** Our own workspaces, bundled from their TypeScript source like the API's own modules. */
const OWN_PACKAGE = /^@b2b\//;

/** @type {import('esbuild').Plugin} */
const keepNodeModulesExternal = {
  name: 'keep-node-modules-external',
  setup(builder) {
    // A bare import (not ./ or ../) names a package or a Node built-in: it stays an import, unless it is ours.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      OWN_PACKAGE.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** @type {import('esbuild').Plugin} */
const keepSourceModuleUrls = {
  name: 'keep-source-module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined; // esbuild loads it as usual
      const fromBundle = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const startedAt = performance.now();
const result = await build({
  entryPoints: {
    server: path.join(API_DIR, 'src', 'server.ts'),
    migrate: path.join(REPO_ROOT, 'packages', 'db', 'src', 'cli', 'migrate.ts'),
    seed: path.join(REPO_ROOT, 'packages', 'db', 'src', 'cli', 'seed.ts'),
    'search-index-worker': path.join(API_DIR, 'src', 'modules', 'search', 'search-index.worker.ts'),
  },
  // The server starts the bundled worker, not its TypeScript source (search-index-builder.ts).
  define: { SEARCH_INDEX_WORKER_IS_BUILT: 'true' },
  outdir: OUT_DIR,
  bundle: true,
  // No code splitting: a module's code must sit in a file directly in dist/ for the URL rewrite above, and each
  // process loads one entry anyway.
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // The source map lets `node --enable-source-maps` name our source files in a stack trace; it is not loaded otherwise.
  sourcemap: 'linked',
  // Names kept: Fastify's plugin names, error classes' `name` and stack traces read as in the source.
  keepNames: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [keepNodeModulesExternal, keepSourceModuleUrls],
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const kilobytes = Math.round(outputs.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024);
console.log(
  `[api] built ${path.relative(REPO_ROOT, OUT_DIR)}/ (${outputs.length} files, ${kilobytes} kB) in ` +
    `${Math.round(performance.now() - startedAt)} ms`,
);
