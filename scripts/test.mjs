#!/usr/bin/env node
/**
 * `npm test`: every test of the repository, in phases.
 *
 *   1. unit and API tests, all vitest projects (contract, db, api, web), on PGlite in memory;
 *   2. when TEST_DATABASE_URL is set: the db and api projects again, on that PostgreSQL server;
 *   3. browser tests (Playwright in Chromium) against the built shop; the web is built first when its build is
 *      missing or older than its sources.
 *
 * Every phase runs even when an earlier one failed (so CI shows all failures at once); the exit code is non-zero
 * when any failed. Options: --no-e2e skips phase 3, --e2e-only runs only phase 3.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bin, REPO_ROOT, WEB_DIR, WEB_SERVER_BUILD } from './lib/shop.mjs';

/** JSON reports of each runner, summed up at the end (Playwright writes its own there, see playwright.config.ts). */
const REPORTS_DIR = path.join(REPO_ROOT, '.data', 'test-reports');
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

/** Passed, failed and skipped tests of the reports written so far. */
function countTests() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of readdirSync(REPORTS_DIR)) {
    if (!file.endsWith('.json')) continue;
    try {
      const report = JSON.parse(readFileSync(path.join(REPORTS_DIR, file), 'utf8'));
      if (report.stats) {
        // Playwright: expected = passed, unexpected = failed, flaky = passed on retry
        totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
        totals.failed += report.stats.unexpected ?? 0;
        totals.skipped += report.stats.skipped ?? 0;
      } else {
        totals.passed += report.numPassedTests ?? 0;
        totals.failed += report.numFailedTests ?? 0;
        totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      }
    } catch {
      // a runner that crashed before writing its report is already counted as a failed phase
    }
  }
  return totals;
}

const args = new Set(process.argv.slice(2));
const skipE2e = args.has('--no-e2e');
const e2eOnly = args.has('--e2e-only');

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

const vitest = bin('vitest');
if (!e2eOnly) {
  await phase(
    'unit and API tests on PGlite (vitest: contract, db, api, web)',
    vitest,
    ['run', ...vitestReportArgs('pglite')],
    pgliteEnv,
  );

  if (process.env.TEST_DATABASE_URL) {
    const redacted = process.env.TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    await phase(
      `db and API tests on PostgreSQL (${redacted})`,
      vitest,
      ['run', '--project', 'db', '--project', 'api', ...vitestReportArgs('postgres')],
      { ...process.env, DATABASE_URL: '' },
    );
  } else {
    console.log('\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run of the db and API tests.');
  }
}

if (!skipE2e) {
  let built = webBuildIsCurrent();
  if (!built) {
    built = await phase(
      'build the web for the browser tests',
      'npm',
      ['run', 'build', '--workspace', '@b2b/web'],
      process.env,
    );
  } else {
    console.log('\nThe web build is current: not rebuilding.');
  }
  if (built) {
    await phase('browser tests (Playwright, Chromium)', bin('playwright'), ['test'], {
      ...pgliteEnv,
      PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS_DIR, 'playwright.json'),
    });
  }
}

console.log('\nSummary:');
for (const result of results) {
  console.log(`  ${result.ok ? 'ok    ' : 'FAILED'}  ${result.seconds.padStart(6)} s  ${result.name}`);
}
const totals = countTests();
const allOk = results.every((result) => result.ok);
// One plain closing line over all runners, e.g. "Tests: 752 passed, 0 failed, 0 skipped".
const closingLine = `Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
console.log(`\n${closingLine}`);
// .ci/run prints it again as its very last line.
writeFileSync(path.join(REPORTS_DIR, 'summary.txt'), `${closingLine}\n`);
process.exit(allOk ? 0 : 1);
