/**
 * The closing summary of `npm test` (scripts/test.mjs), from the JSON reports every runner wrote into one folder:
 * vitest's (`vitest-*.json`) and Playwright's (`playwright.json`).
 *
 * A browser test that passed only on its retry is flaky: Playwright counts it apart (`stats.flaky`, a test `status` of
 * "flaky"), and so does this summary. Each one is named, and any flaky test fails the run: a retry keeps one bad
 * moment of a shared machine from hiding every other result, but a test that fails now and then is a bug in the test
 * or in the shop, and a gate that counts it as passed never shows it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ passed: number, failed: number, flaky: number, skipped: number }} TestTotals
 * @typedef {{ totals: TestTotals, flakyTests: string[], unreadableReports: string[] }} TestSummary
 */

/**
 * Sums the reports of `reportsDir`. A report that cannot be read is listed in `unreadableReports` (its runner's
 * phase has failed already: a runner that crashed writes none or half of one).
 * @param {string} reportsDir
 * @returns {TestSummary}
 */
export function summarizeReportsDir(reportsDir) {
  const reports = [];
  const unreadableReports = [];
  for (const file of readdirSync(reportsDir).sort()) {
    if (!file.endsWith('.json')) continue;
    try {
      reports.push(JSON.parse(readFileSync(path.join(reportsDir, file), 'utf8')));
    } catch {
      unreadableReports.push(file);
    }
  }
  return { ...summarizeReports(reports), unreadableReports };
}

/**
 * @param {unknown[]} reports parsed vitest and Playwright JSON reports
 * @returns {{ totals: TestTotals, flakyTests: string[] }}
 */
export function summarizeReports(reports) {
  const totals = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  const flakyTests = [];
  for (const report of reports) {
    if (isPlaywrightReport(report)) {
      // expected = passed at the first try, unexpected = failed (also on its retry), flaky = passed on a retry
      totals.passed += report.stats.expected ?? 0;
      totals.failed += report.stats.unexpected ?? 0;
      totals.flaky += report.stats.flaky ?? 0;
      totals.skipped += report.stats.skipped ?? 0;
      flakyTests.push(...flakyPlaywrightTests(report));
    } else if (report && typeof report === 'object') {
      totals.passed += report.numPassedTests ?? 0;
      totals.failed += report.numFailedTests ?? 0;
      totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  return { totals, flakyTests };
}

/**
 * @typedef {{ name: string, ok?: boolean, skipped?: boolean, seconds?: string }} PhaseResult
 */

/**
 * What `npm test` prints at its end and whether the run passed: every phase passed (or was skipped outside CI) and no
 * browser test was flaky.
 * @param {{ phases: PhaseResult[], summary: TestSummary, ci: boolean }} run
 * @returns {{ ok: boolean, lines: string[], phaseLines: string[], closingLine: string }}
 */
export function finalReport({ phases, summary, ci }) {
  const phaseLines = phases.map((phase) =>
    phase.skipped
      ? `skipped           ${phase.name}`
      : `${phase.ok ? 'ok    ' : 'FAILED'}  ${(phase.seconds ?? '').padStart(6)} s  ${phase.name}`,
  );
  const lines = ['Summary:', ...phaseLines.map((line) => `  ${line}`)];
  // A developer without Chromium or PostgreSQL still gets a green run of the rest; CI must run everything.
  const skippedFails = ci && phases.some((phase) => phase.skipped);
  if (skippedFails) lines.push('', 'CI is set: a skipped phase fails the run.');
  const flaky = flakyLines(summary.flakyTests);
  if (flaky.length > 0) lines.push('', ...flaky);
  const ok = !skippedFails && flaky.length === 0 && phases.every((phase) => phase.ok || phase.skipped);
  const closing = closingLine(summary.totals);
  lines.push('', closing);
  return { ok, lines, phaseLines, closingLine: closing };
}

/** One plain line over all runners, e.g. "Tests: 752 passed, 0 failed, 0 flaky, 0 skipped". */
export function closingLine(/** @type {TestTotals} */ totals) {
  return `Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.flaky} flaky, ${totals.skipped} skipped`;
}

/** The lines that name each flaky test (none when there is none). */
export function flakyLines(/** @type {string[]} */ flakyTests) {
  if (flakyTests.length === 0) return [];
  return [
    `FLAKY: ${flakyTests.length} browser test${flakyTests.length === 1 ? '' : 's'} passed only on a retry, which fails the run:`,
    ...flakyTests.map((name) => `  ${name}`),
  ];
}

function isPlaywrightReport(report) {
  return Boolean(report && typeof report === 'object' && 'stats' in report && 'suites' in report);
}

/**
 * "file:line › describe › title" of every test whose status is "flaky", in report order.
 * @returns {string[]}
 */
function flakyPlaywrightTests(report) {
  const names = [];
  const visit = (suite, titles) => {
    // The outermost suites are the files; their title is the file's path, which the spec's location already gives.
    const inner = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const project = report.config?.projects?.length > 1 && test.projectName ? `[${test.projectName}] ` : '';
        names.push(`${project}${[`${spec.file}:${spec.line}`, ...inner, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, inner);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return names;
}
