/**
 * How `npm start` runs the API (ADR 038): the build (`node dist/server.js`, from `npm run build`) when there is one
 * and it is newer than every source file it was made from; otherwise the source through tsx's loader, as `npm run dev`
 * and the tests do (ADR 004). A build older than its sources would run yesterday's API, so a stale one is passed over
 * with one line saying so.
 *
 * Used by scripts/start.mjs, and run as a script by the API workspace's `start`, which passes what it prints to
 * Node: `exec node $(node ../../scripts/lib/api-entry.mjs)`. The container image runs `node apps/api/dist/server.js`
 * itself: it holds the build only.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_DIR = path.join(REPO_ROOT, 'apps', 'api');
export const API_BUILD = path.join(API_DIR, 'dist', 'server.js');

/** What the build is made from: the API's and the two packages' TypeScript, and the build script. */
const BUILD_SOURCES = [
  path.join(API_DIR, 'src'),
  path.join(REPO_ROOT, 'packages', 'db', 'src'),
  path.join(REPO_ROOT, 'packages', 'contract', 'src'),
  path.join(API_DIR, 'build.mjs'),
];

function newestSourceTime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return entry.endsWith('.test.ts') ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestSourceTime(path.join(entry, name))));
}

/**
 * Node's arguments for the API, relative to apps/api, and why, when it runs from source although a build exists.
 * @returns {{ args: string[], built: boolean, note?: string }}
 */
export function apiEntry() {
  const fromSource = { args: ['--import', 'tsx', 'src/server.ts'], built: false };
  if (!existsSync(API_BUILD)) return fromSource;
  const builtAt = statSync(API_BUILD).mtimeMs;
  if (BUILD_SOURCES.some((source) => newestSourceTime(source) > builtAt)) {
    return {
      ...fromSource,
      note: 'apps/api/dist is older than its sources: running the source with tsx ("npm run build" updates the build)',
    };
  }
  return { args: ['dist/server.js'], built: true };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = apiEntry();
  if (entry.note) console.error(`[api] ${entry.note}`);
  console.log(entry.args.join(' '));
}
