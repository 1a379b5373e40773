#!/usr/bin/env node
/**
 * `npm run check:migrations`: does the previous release's code still work on this release's schema? During a rolling
 * deploy it must (docs/operations.md "Zero-downtime migrations", ADR 044). The check:
 *
 *   1. finds the previous release (scripts/lib/migration-check.mjs: the newest `release-*` tag before HEAD, else the
 *      code just before the newest change to packages/db/migrations/); when its migrations are this release's, it
 *      says so and ends: there is nothing new to check;
 *   2. exports its tree (`git archive`) to a temporary folder, linked to this checkout's node_modules when every
 *      package its lockfile pins is installed here alike, else installed there with `npm ci`;
 *   3. starts a throwaway PostgreSQL cluster and migrates its `template1` with THIS release's migrations (this
 *      release's migrator, `npm run db:migrate`). Every database the previous code's test harness creates
 *      (`CREATE DATABASE test_…`, @b2b/db/testing) is a copy of it, so its tests run on the new schema unchanged:
 *      its migrator finds the newest migration already applied and applies nothing, its seed writes the demo data;
 *   4. runs the previous release's API tests that use the database the most (cart, orders and checkout, search,
 *      prices, the back office's orders) against that cluster, and fails naming the tests that broke and the
 *      database errors behind them (from the server's log: a column that does not exist, a NOT NULL without value).
 *
 * Options: --previous <commit> (instead of finding it), --tests <file,...> (the previous release's test files,
 * relative to its root), --current <folder> (the tree whose migrations count as this release's; this checkout by
 * default; the check's own test adds a throwaway migration to a copy). TEST_PG_PORT: the first port tried for the
 * cluster. Exit code 0: passed or nothing to check; 1: the previous code broke, or the check could not run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  compareMigrations,
  exportTree,
  findPreviousRelease,
  linkNodeModules,
  MIGRATIONS_DIR,
  MigrationCheckError,
  migrationsAtCommit,
  migrationsInFolder,
  namedCommit,
  packagesNotInstalledAlike,
  schemaErrorsInLog,
  summarizeVitestReport,
} from './lib/migration-check.mjs';
import { startThrowawayCluster } from './lib/postgres-cluster.mjs';
import { REPO_ROOT } from './lib/shop.mjs';
import { findOrInstallSystemPackages } from './lib/system-packages.mjs';

/**
 * The previous release's API test files that read and write the most tables: carts and their lines, orders and
 * checkout, the search index's load and prices, the back office's order writes. Together about a minute on
 * PostgreSQL on a 2-core machine.
 */
const DEFAULT_TESTS = [
  'apps/api/test/cart.test.ts',
  'apps/api/test/order.test.ts',
  'apps/api/test/product-search.test.ts',
  'apps/api/test/price.test.ts',
  'apps/api/test/backoffice-orders.test.ts',
];

const { values: options } = parseArgs({
  options: {
    previous: { type: 'string' },
    tests: { type: 'string' },
    current: { type: 'string' },
  },
});
const currentTree = path.resolve(options.current ?? REPO_ROOT);

const say = (line) => console.log(`[migration-check] ${line}`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command to completion with inherited output; resolves with its exit code. */
function runCommand(command, args, { cwd, env = process.env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function check() {
  const started = Date.now();
  const previous = options.previous ? namedCommit(REPO_ROOT, options.previous) : findPreviousRelease(REPO_ROOT);
  if (!previous.commit) {
    say(`no previous release to check against: ${previous.why}.`);
    return 0;
  }
  say(`the previous release: ${previous.short} (${previous.why})`);

  const changes = compareMigrations(
    migrationsAtCommit(REPO_ROOT, previous.commit),
    migrationsInFolder(path.join(currentTree, MIGRATIONS_DIR)),
  );
  if (changes.same) {
    say(`its migrations are this release's: no schema change to check (${seconds(started)}).`);
    return 0;
  }
  if (changes.changed.length > 0 || changes.removed.length > 0) {
    // A database that ran a released migration never runs its new text; a removed one leaves its journal entry.
    const edits = [
      ...changes.changed.map((name) => `${name} (edited)`),
      ...changes.removed.map((name) => `${name} (removed)`),
    ];
    throw new MigrationCheckError(
      `released migrations must not change: ${edits.join(', ')}. Add a new migration instead.`,
    );
  }
  say(`this release's new migrations: ${changes.added.join(', ')}`);

  const systemPackages = findOrInstallSystemPackages({ postgresql: true, log: say });
  if (!systemPackages.postgresBinDir) throw new MigrationCheckError(systemPackages.missing.postgresql);

  const workDir = mkdtempSync(path.join(tmpdir(), 'b2b-migration-check-'));
  const previousTree = path.join(workDir, 'previous');
  // Ctrl+C must not leave the exported tree behind (the cluster removes itself on exit: postgres-cluster.mjs).
  const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
  const exitOnSignal = (signal) => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.on('exit', removeWorkDir);
  process.once('SIGINT', exitOnSignal);
  process.once('SIGTERM', exitOnSignal);
  let cluster;
  try {
    let stepStarted = Date.now();
    await exportTree(REPO_ROOT, previous.commit, previousTree);
    const previousLock = JSON.parse(readFileSync(path.join(previousTree, 'package-lock.json'), 'utf8'));
    const currentLock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8'));
    const notAlike = packagesNotInstalledAlike(previousLock, currentLock);
    if (notAlike.length === 0) {
      linkNodeModules(REPO_ROOT, previousTree);
      say(
        `exported ${previous.short} and linked this checkout's node_modules (its lockfile pins nothing else) in ${seconds(stepStarted)}`,
      );
    } else {
      say(
        `exported ${previous.short}; its lockfile pins ${notAlike.length} package(s) otherwise installed here ` +
          `(${notAlike.slice(0, 3).join(', ')}${notAlike.length > 3 ? ', ...' : ''}): npm ci there`,
      );
      const installed = await runCommand('npm', ['ci', '--no-audit', '--no-fund'], { cwd: previousTree });
      if (installed !== 0)
        throw new MigrationCheckError(`npm ci in the previous release's tree failed (exit code ${installed})`);
      say(`npm ci took ${seconds(stepStarted)}`);
    }

    const tests = options.tests ? options.tests.split(',').filter(Boolean) : DEFAULT_TESTS;
    const present = tests.filter((file) => existsIn(previousTree, file));
    const absent = tests.filter((file) => !present.includes(file));
    if (absent.length > 0) say(`not in the previous release, so not run: ${absent.join(', ')}`);
    if (present.length === 0) throw new MigrationCheckError(`the previous release has none of ${tests.join(', ')}`);

    stepStarted = Date.now();
    cluster = await startThrowawayCluster({
      binDir: systemPackages.postgresBinDir,
      firstPort: Number(process.env.TEST_PG_PORT) || undefined,
    });
    const template = new URL(cluster.url);
    template.pathname = '/template1';
    const migrated = await runCommand('npm', ['run', '--silent', 'db:migrate'], {
      cwd: currentTree,
      env: { ...process.env, DATABASE_URL: template.toString() },
    });
    if (migrated !== 0)
      throw new MigrationCheckError(`this release's migrations failed on a new database (exit code ${migrated})`);
    say(
      `PostgreSQL on port ${cluster.port}; template1 migrated with this release's migrations in ${seconds(stepStarted)}`,
    );

    stepStarted = Date.now();
    const reportFile = path.join(workDir, 'vitest.json');
    say(`the previous release's tests on this schema: ${present.join(', ')}`);
    const exitCode = await runCommand(
      process.execPath,
      [
        path.join(previousTree, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--project',
        'api',
        ...present,
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ],
      { cwd: previousTree, env: { ...process.env, TEST_DATABASE_URL: cluster.url, DATABASE_URL: '' } },
    );
    const summary = summarizeVitestReport(readJson(reportFile), previousTree);
    const schemaErrors = schemaErrorsInLog(readText(path.join(cluster.dir, 'postgres.log')));
    if (exitCode === 0 && summary.failed.length === 0) {
      say(
        `passed: the previous release's code (${previous.short}) passes ${summary.passed} tests on this release's ` +
          `schema (${changes.added.join(', ')}) in ${seconds(stepStarted)}; the whole check ${seconds(started)}.`,
      );
      if (schemaErrors.length > 0) say(`(the database still logged: ${schemaErrors.join('; ')})`);
      return 0;
    }
    const lines = [
      `FAILED: the previous release's code (${previous.short}) does not work on this release's schema.`,
      `A migration must be an expansion (docs/operations.md "Zero-downtime migrations"): the new migrations ` +
        `${changes.added.join(', ')} take away or change what that code uses.`,
      `Tests that broke (${summary.failed.length}, ${summary.passed} passed):`,
      ...summary.failed.slice(0, 15).map((line) => `  - ${line}`),
      ...(summary.failed.length > 15 ? [`  - ... and ${summary.failed.length - 15} more`] : []),
      ...(summary.failed.length === 0 ? [`  - vitest ended with exit code ${exitCode} (see above)`] : []),
      schemaErrors.length > 0 ? 'What the database refused:' : 'The database logged no schema error.',
      ...schemaErrors.slice(0, 10).map((line) => `  - ${line}`),
    ];
    console.log(`\n${lines.map((line) => `[migration-check] ${line}`).join('\n')}`);
    return 1;
  } finally {
    cluster?.stop();
    removeWorkDir();
    process.off('exit', removeWorkDir);
    process.off('SIGINT', exitOnSignal);
    process.off('SIGTERM', exitOnSignal);
  }
}

function existsIn(tree, file) {
  return existsSync(path.join(tree, file));
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function readJson(file) {
  const text = readText(file);
  return text ? JSON.parse(text) : {};
}

try {
  process.exitCode = await check();
} catch (error) {
  if (error instanceof MigrationCheckError) console.error(`[migration-check] FAILED: ${error.message}`);
  else console.error(error);
  process.exitCode = 1;
}
