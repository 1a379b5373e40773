import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), buildManifest()],
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
                // The app's small modules that two or more chunks share, in one chunk: left to itself the bundler
                // made each its own file, and a first load fetched 25 scripts (a quarter of them under 300 bytes).
                // The shop is served over HTTP/1.1, six connections a host: on a phone's connection each round of
                // six costs a round trip before the page can hydrate, and Lighthouse's mobile simulation put them all
                // on the first paint's path (issue 12: /search 91 → 95–99, `/` and the product page 86–90 → 97–100).
                // The price: lazy widgets' small shared helpers come with the first load (/search 130.7 → 136.1 kB).
                {
                  name: 'shared',
                  test: /[\\/]app[\\/]/,
                  minShareCount: 2,
                  maxModuleSize: 4_000,
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
