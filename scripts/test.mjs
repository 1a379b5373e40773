#!/usr/bin/env node
/**
 * `npm test`: every test of the repository, in phases.
 *
 *   1. unit and API tests, all vitest projects (contract, db, api, deploy, scripts, web), on PGlite in memory;
 *   2. the tests that can find what PGlite cannot (the db project and the API's concurrency, locking, transaction and
 *      multi-instance tests: scripts/lib/test-selection.mjs) again on PostgreSQL: the server named by
 *      TEST_DATABASE_URL, or else a throwaway cluster on a loopback port (scripts/lib/postgres-cluster.mjs), deleted
 *      afterwards;
 *      Beside it, the migration check (scripts/migration-check.mjs, ADR 044): the previous release's API tests on a
 *      cluster of its own, migrated by this release; and the scale-out test in its short form (scripts/scale-out.mjs
 *      --short, ADR 040): PostgreSQL, 2 API and 2 web instances behind nginx under a mixed load while one of each is
 *      killed; it needs the built web;
 *   3. browser tests (Playwright in Chromium, one shop per worker: playwright.config.ts) against the built shop. The
 *      web and the API are built first (for the scale-out test or here), each when its build is missing or older
 *      than its sources, so both of these run the API as built JavaScript, as production does (ADR 038).
 *
 * Chromium, the PostgreSQL binaries and nginx are Debian packages; when missing they are installed where this process
 * may (scripts/lib/system-packages.mjs). Where they cannot be, the phase that needs them is skipped with one line
 * saying what is missing and how to get it; under CI (the CI variable set) a skipped phase fails the run.
 *
 * Every phase runs even when an earlier one failed (so CI shows all failures at once); the exit code is non-zero
 * when any failed, and when a browser test passed only on its retry (flaky: named in the summary,
 * scripts/lib/test-summary.mjs). Options: --no-e2e skips phase 3, --e2e-only runs only phase 3, --node-runtime runs
 * only the vitest files that exercise what differs between Node versions (scripts/lib/test-selection.mjs), on PGlite:
 * `npm run test:node24` runs it on Node 24.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiEntry } from './lib/api-entry.mjs';
import { startThrowawayCluster } from './lib/postgres-cluster.mjs';
import { bin, REPO_ROOT, WEB_DIR, WEB_SERVER_BUILD } from './lib/shop.mjs';
import { findOrInstallSystemPackages } from './lib/system-packages.mjs';
import { NODE_RUNTIME_TESTS, POSTGRES_SPECIFIC_TESTS } from './lib/test-selection.mjs';
import { finalReport, summarizeReportsDir } from './lib/test-summary.mjs';

const args = new Set(process.argv.slice(2));
const skipE2e = args.has('--no-e2e');
const e2eOnly = args.has('--e2e-only');
const nodeRuntimeOnly = args.has('--node-runtime');

/**
 * JSON reports of each runner, summed up at the end (Playwright writes its own there, see playwright.config.ts). The
 * Node-runtime run keeps its own, so that CI's closing line still counts the main run.
 */
const REPORTS_DIR = path.join(REPO_ROOT, '.data', nodeRuntimeOnly ? 'test-reports-node-runtime' : 'test-reports');
rmSync(REPORTS_DIR, { recursive: true, force: true });
mkdirSync(REPORTS_DIR, { recursive: true });

/** vitest arguments for the usual console output plus a JSON report. */
function vitestReportArgs(name) {
  return [
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(REPORTS_DIR, `vitest-${name}.json`)}`,
  ];
}

/** Runs a command with inherited output; resolves with its exit code. */
function runCommand(command, commandArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: REPO_ROOT, env, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const results = [];

async function phase(name, command, commandArgs, env) {
  console.log(`\n━━━ ${name} ━━━\n$ ${[path.basename(command), ...commandArgs].join(' ')}\n`);
  const started = Date.now();
  const exitCode = await runCommand(command, commandArgs, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: exitCode === 0, seconds });
  console.log(`\n━━━ ${name}: ${exitCode === 0 ? 'passed' : `FAILED (exit code ${exitCode})`} in ${seconds} s ━━━`);
  return exitCode === 0;
}

/** A phase that could not run: its one-line reason now, a row in the summary at the end. */
function skipPhase(name, reason) {
  console.log(`\n━━━ ${name}: skipped ━━━\n${reason}`);
  results.push({ name, skipped: true });
}

/** Newest modification time of the files under the given folders (skipping build output). */
function newestSourceTime(folders) {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'build', '.react-router'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) if (existsSync(folder)) visit(folder);
  return newest;
}

function webBuildIsCurrent() {
  if (!existsSync(WEB_SERVER_BUILD)) return false;
  const sources = [path.join(WEB_DIR, 'app'), path.join(REPO_ROOT, 'packages', 'contract', 'src')];
  const configFiles = ['vite.config.ts', 'react-router.config.ts', 'package.json'].map((file) =>
    path.join(WEB_DIR, file),
  );
  const newestSource = Math.max(
    newestSourceTime(sources),
    ...configFiles.filter((file) => existsSync(file)).map((file) => statSync(file).mtimeMs),
  );
  return statSync(WEB_SERVER_BUILD).mtimeMs >= newestSource;
}

// Phase 1 must run on PGlite even when the caller exported a PostgreSQL URL.
const pgliteEnv = { ...process.env };
delete pgliteEnv.TEST_DATABASE_URL;
delete pgliteEnv.DATABASE_URL;

// What phases 2 and 3 need from outside npm, found or installed once up front.
const systemPackages = nodeRuntimeOnly
  ? { missing: {} }
  : findOrInstallSystemPackages({
      chromium: !skipE2e,
      // the scale-out test starts a cluster of its own, also when TEST_DATABASE_URL names a server
      postgresql: !e2eOnly,
      nginx: !e2eOnly,
    });

// vitest.mjs run by this process's Node (the one `npm run test:node24` chose), which its workers inherit.
const vitest = process.execPath;
const vitestMjs = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/**
 * vitest arguments for a selection of scripts/lib/test-selection.mjs. A listed path that no longer exists would drop
 * its tests from the run without a word, so it throws instead.
 */
function selectionArgs(selection) {
  const missing = selection.files.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length > 0) {
    throw new Error(`scripts/lib/test-selection.mjs lists paths that do not exist: ${missing.join(', ')}`);
  }
  return [...selection.projects.flatMap((project) => ['--project', project]), ...selection.files];
}

function postgresPhase(name, databaseUrl) {
  return phase(
    name,
    vitest,
    [vitestMjs, 'run', ...selectionArgs(POSTGRES_SPECIFIC_TESTS), ...vitestReportArgs('postgres')],
    { ...process.env, TEST_DATABASE_URL: databaseUrl, DATABASE_URL: '' },
  );
}

/**
 * The builds the browser tests and the scale-out test run, made once, each when missing or older than its sources:
 * the web's, and the API's (`node dist/server.js`, which scripts/start.mjs and the scale-out test run when it is
 * current: ADR 038), so those tests run the API as production does.
 */
let appsBuilt;
async function buildAppsIfNeeded() {
  if (appsBuilt === undefined) {
    let webBuilt = true;
    if (webBuildIsCurrent()) console.log('\nThe web build is current: not rebuilding.');
    else webBuilt = await phase('build the web', 'npm', ['run', 'build', '--workspace', '@b2b/web'], process.env);
    let apiBuilt = true;
    if (apiEntry().built) console.log('\nThe API build is current: not rebuilding.');
    else apiBuilt = await phase('build the API', 'npm', ['run', 'build', '--workspace', '@b2b/api'], process.env);
    appsBuilt = webBuilt && apiBuilt;
  }
  return appsBuilt;
}

if (nodeRuntimeOnly) {
  await phase(
    `unit and API tests that exercise the Node runtime, on Node ${process.versions.node} (vitest on PGlite)`,
    vitest,
    [vitestMjs, 'run', ...selectionArgs(NODE_RUNTIME_TESTS), ...vitestReportArgs('node-runtime')],
    pgliteEnv,
  );
} else if (!e2eOnly) {
  await phase(
    'unit and API tests on PGlite (vitest: contract, db, api, deploy, scripts, web)',
    vitest,
    [vitestMjs, 'run', ...vitestReportArgs('pglite')],
    pgliteEnv,
  );

  if (process.env.TEST_DATABASE_URL) {
    const redacted = process.env.TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    await postgresPhase(`db and engine-specific API tests on PostgreSQL (${redacted})`, process.env.TEST_DATABASE_URL);
  } else if (systemPackages.postgresBinDir) {
    const name = 'db and engine-specific API tests on a throwaway PostgreSQL cluster';
    let cluster;
    try {
      cluster = await startThrowawayCluster({
        binDir: systemPackages.postgresBinDir,
        firstPort: Number(process.env.TEST_PG_PORT) || undefined,
      });
    } catch (error) {
      console.error(`\nCould not start a PostgreSQL cluster: ${error instanceof Error ? error.message : error}`);
      results.push({ name, ok: false, seconds: '0.0' });
    }
    if (cluster) {
      try {
        await postgresPhase(`${name} (${cluster.url})`, cluster.url);
      } finally {
        cluster.stop();
      }
    }
  } else {
    skipPhase('db and engine-specific API tests on PostgreSQL', systemPackages.missing.postgresql);
  }

  // The previous release's code on this release's schema (ADR 044): a cluster of its own, whose template1 it migrates.
  const migrationCheckName = "migration check (the previous release's API tests on this release's schema, PostgreSQL)";
  if (systemPackages.postgresBinDir) {
    await phase(migrationCheckName, process.execPath, [path.join(REPO_ROOT, 'scripts', 'migration-check.mjs')], {
      ...process.env,
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
    });
  } else {
    skipPhase(migrationCheckName, systemPackages.missing.postgresql);
  }

  const scaleOutName = 'scale-out test, short form (PostgreSQL, 2 API + 2 web behind nginx, one of each killed)';
  if (systemPackages.postgresBinDir && systemPackages.nginxPath) {
    if (await buildAppsIfNeeded()) {
      await phase(scaleOutName, process.execPath, [path.join(REPO_ROOT, 'scripts', 'scale-out.mjs'), '--short'], {
        ...process.env,
        DATABASE_URL: '',
      });
    }
  } else {
    skipPhase(scaleOutName, systemPackages.missing.postgresql ?? systemPackages.missing.nginx);
  }
}

if (nodeRuntimeOnly || skipE2e) {
  // no browser tests
} else if (systemPackages.missing.chromium) {
  skipPhase('browser tests (Playwright, Chromium)', systemPackages.missing.chromium);
} else {
  if (await buildAppsIfNeeded()) {
    await phase('browser tests (Playwright, Chromium)', bin('playwright'), ['test'], {
      ...pgliteEnv,
      CHROMIUM_PATH: systemPackages.chromiumPath,
      PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS_DIR, 'playwright.json'),
    });
  }
}

// Every phase's outcome, each flaky browser test by name (a flaky test fails the run: scripts/lib/test-summary.mjs),
// and one plain closing line over all runners, e.g. "Tests: 752 passed, 0 failed, 0 flaky, 0 skipped".
const report = finalReport({ phases: results, summary: summarizeReportsDir(REPORTS_DIR), ci: Boolean(process.env.CI) });
console.log(`\n${report.lines.join('\n')}`);
// .ci/run prints it again as its very last line, and the phases below its own in bench/results/ci.txt.
writeFileSync(path.join(REPORTS_DIR, 'summary.txt'), `${report.closingLine}\n`);
writeFileSync(path.join(REPORTS_DIR, 'phases.txt'), `${report.phaseLines.join('\n')}\n`);
process.exit(report.ok ? 0 : 1);
