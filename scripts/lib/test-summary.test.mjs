import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bin } from './shop.mjs';
import { finalReport, summarizeReportsDir } from './test-summary.mjs';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const REPORT_WITH_A_FLAKY_TEST = path.join(FIXTURES, 'playwright-report-with-a-flaky-test.json');
const PASSED_PHASES = [
  { name: 'unit and API tests on PGlite', ok: true, seconds: '200.0' },
  { name: 'browser tests (Playwright, Chromium)', ok: true, seconds: '300.0' },
];

const folders = [];
function reportsFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'test-summary-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("npm test's summary", () => {
  it('names a browser test that passed only on its retry and fails the run, though every phase passed', () => {
    const folder = reportsFolder();
    copyFileSync(REPORT_WITH_A_FLAKY_TEST, path.join(folder, 'playwright.json'));
    writeFileSync(
      path.join(folder, 'vitest-pglite.json'),
      JSON.stringify({ numPassedTests: 10, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1 }),
    );

    const report = finalReport({ phases: PASSED_PHASES, summary: summarizeReportsDir(folder), ci: true });

    expect(report.ok).toBe(false);
    expect(report.lines).toContain('FLAKY: 1 browser test passed only on a retry, which fails the run:');
    expect(report.lines).toContain('  cart.spec.ts:31 › checkout › places the order and shows its number');
    // the flaky test is not among the passed ones: 10 of vitest, 2 of Playwright
    expect(report.closingLine).toBe('Tests: 12 passed, 0 failed, 1 flaky, 4 skipped');
    expect(report.lines.at(-1)).toBe(report.closingLine);
  });

  it('passes the same run when that test passed at its first try', () => {
    const folder = reportsFolder();
    const steady = JSON.parse(readFileSync(REPORT_WITH_A_FLAKY_TEST, 'utf8').replaceAll('"flaky"', '"expected"'));
    steady.stats = { ...steady.stats, expected: 3, flaky: 0 };
    writeFileSync(path.join(folder, 'playwright.json'), JSON.stringify(steady));

    const report = finalReport({ phases: PASSED_PHASES, summary: summarizeReportsDir(folder), ci: true });

    expect(report.ok).toBe(true);
    expect(report.lines.join('\n')).not.toMatch(/FLAKY/);
    expect(report.closingLine).toBe('Tests: 3 passed, 0 failed, 0 flaky, 1 skipped');
  });

  it('fails when a phase failed or, under CI, was skipped', () => {
    const summary = summarizeReportsDir(reportsFolder());
    const failed = [{ ...PASSED_PHASES[0], ok: false }, PASSED_PHASES[1]];
    const skipped = [PASSED_PHASES[0], { name: 'browser tests (Playwright, Chromium)', skipped: true }];
    expect(finalReport({ phases: failed, summary, ci: false }).ok).toBe(false);
    expect(finalReport({ phases: skipped, summary, ci: true }).ok).toBe(false);
    expect(finalReport({ phases: skipped, summary, ci: false }).ok).toBe(true);
  });

  it("catches what Playwright itself lets pass: a real run's flaky test exits 0 but fails the summary by name", () => {
    const folder = reportsFolder();
    const playwright = spawnSync(
      bin('playwright'),
      ['test', '--config', path.join(FIXTURES, 'flaky-browser-test', 'playwright.config.mjs')],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(folder, 'playwright.json'),
          FLAKY_FIXTURE_OUTPUT_DIR: path.join(folder, 'test-results'),
        },
      },
    );
    expect(playwright.status, playwright.stderr).toBe(0);

    const report = finalReport({ phases: PASSED_PHASES, summary: summarizeReportsDir(folder), ci: true });

    expect(report.ok).toBe(false);
    expect(report.lines).toContain('  flaky.spec.mjs:10 › a group › fails at its first try and passes on its retry');
    expect(report.closingLine).toBe('Tests: 1 passed, 0 failed, 1 flaky, 0 skipped');
  }, 60_000);
});
