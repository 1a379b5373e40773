/**
 * The migration check (scripts/migration-check.mjs, ADR 044): which commit counts as the previous release, and that
 * the check fails, naming the test and the column, when a migration renames a column the previous code reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareMigrations,
  exportTree,
  findPreviousRelease,
  linkNodeModules,
  MIGRATIONS_DIR,
  MigrationCheckError,
  packagesNotInstalledAlike,
  schemaErrorsInLog,
  summarizeVitestReport,
} from './migration-check.mjs';
import { REPO_ROOT } from './shop.mjs';
import { findPostgresBinDir } from './system-packages.mjs';

const temporaryDirs = [];
afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

function temporaryDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

function git(cwd, ...args) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A small repository: commits that each write the given files, returning their ids. */
function repositoryWith(commits) {
  const dir = temporaryDir('b2b-migration-check-repo-');
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'ci@example.com');
  git(dir, 'config', 'user.name', 'CI');
  return commits.map((files, index) => {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', `commit ${index}`);
    return { dir, commit: git(dir, 'rev-parse', 'HEAD') };
  });
}

const migration = (name) => ({ [`${MIGRATIONS_DIR}/${name}`]: `-- ${name}\n` });

describe('the previous release', () => {
  it('is, without release tags, the code just before the newest commit that changed the migrations', () => {
    const [, beforeMigration, , head] = repositoryWith([
      migration('0000_init.sql'),
      { 'apps/api/src/a.ts': 'export const a = 1;\n' },
      migration('0001_expand.sql'),
      { 'apps/api/src/a.ts': 'export const a = 2;\n' },
    ]);
    expect(findPreviousRelease(head.dir)).toMatchObject({ commit: beforeMigration.commit });
  });

  it('is the newest release tag before HEAD, and not a tag on HEAD itself', () => {
    const [first, second, third] = repositoryWith([
      migration('0000_init.sql'),
      migration('0001_expand.sql'),
      { 'apps/api/src/a.ts': 'export const a = 1;\n' },
    ]);
    git(third.dir, 'tag', 'release-1', first.commit);
    git(third.dir, 'tag', '-a', '-m', 'release 2', 'release-2', second.commit);
    git(third.dir, 'tag', 'release-3', third.commit);
    expect(findPreviousRelease(third.dir)).toMatchObject({
      commit: second.commit,
      why: expect.stringContaining('release-2'),
    });
  });

  it('is HEAD when the migrations folder has uncommitted changes', () => {
    const [, head] = repositoryWith([migration('0000_init.sql'), migration('0001_expand.sql')]);
    writeFileSync(path.join(head.dir, MIGRATIONS_DIR, '0002_new.sql'), '-- new\n');
    expect(findPreviousRelease(head.dir)).toMatchObject({ commit: head.commit });
  });

  it('is none when no commit but the first ever added migrations', () => {
    const [head] = repositoryWith([migration('0000_init.sql')]);
    expect(findPreviousRelease(head.dir).commit).toBeUndefined();
  });

  it('is found in a shallow clone after fetching its history from the remote', () => {
    const [first, head] = repositoryWith([migration('0000_init.sql'), migration('0001_expand.sql')]);
    const shallow = temporaryDir('b2b-migration-check-shallow-');
    spawnSync('git', ['clone', '-q', '--depth', '1', `file://${head.dir}`, shallow]);
    expect(findPreviousRelease(shallow)).toMatchObject({ commit: first.commit });
  });

  it('cannot be found in a shallow clone whose history cannot be fetched, which fails with how to fetch it', () => {
    const [, head] = repositoryWith([migration('0000_init.sql'), migration('0001_expand.sql')]);
    const shallow = temporaryDir('b2b-migration-check-shallow-');
    spawnSync('git', ['clone', '-q', '--depth', '1', `file://${head.dir}`, shallow]);
    spawnSync('git', ['remote', 'remove', 'origin'], { cwd: shallow });
    expect(() => findPreviousRelease(shallow)).toThrow(MigrationCheckError);
    expect(() => findPreviousRelease(shallow)).toThrow(/shallow.*git fetch --unshallow/);
  });
});

describe('the parts of the check', () => {
  it('tells new migrations from edited and removed ones', () => {
    const previous = new Map([
      ['0000_init.sql', 'create table a ();'],
      ['0001_b.sql', 'create table b ();'],
    ]);
    const current = new Map([
      ['0000_init.sql', 'create table a ();'],
      ['0001_b.sql', 'create table b (id int);'],
      ['0002_c.sql', 'create table c ();'],
    ]);
    expect(compareMigrations(previous, current)).toEqual({
      added: ['0002_c.sql'],
      changed: ['0001_b.sql'],
      removed: [],
      same: false,
    });
    expect(compareMigrations(previous, previous).same).toBe(true);
  });

  it("reuses this checkout's packages only when the previous lockfile pins nothing else", () => {
    const lock = (packages) => ({ packages });
    const current = lock({
      '': { name: 'b2b-shop' },
      'node_modules/@b2b/db': { resolved: 'packages/db', link: true },
      'node_modules/pg': { version: '8.23.1', integrity: 'sha512-a' },
      'node_modules/prom-client': { version: '15.1.3', integrity: 'sha512-b' },
    });
    const previous = lock({
      '': { name: 'b2b-shop' },
      'node_modules/@b2b/db': { resolved: 'packages/db', link: true },
      'node_modules/pg': { version: '8.23.1', integrity: 'sha512-a' },
    });
    expect(packagesNotInstalledAlike(previous, current)).toEqual([]);
    const older = lock({ 'node_modules/pg': { version: '8.20.0', integrity: 'sha512-c' } });
    expect(packagesNotInstalledAlike(older, current)).toEqual(['node_modules/pg@8.20.0']);
  });

  it('names the schema errors of a PostgreSQL log, not the races the tests provoke', () => {
    const log = [
      '2026-11-28 03:24:11.001 UTC [101] ERROR:  duplicate key value violates unique constraint "orders_pkey"',
      '2026-11-28 03:24:11.002 UTC [101] STATEMENT:  insert into "orders" values ($1)',
      '2026-11-28 03:24:12.003 UTC [102] ERROR:  column "quantity" does not exist at character 20',
      '2026-11-28 03:24:12.004 UTC [102] STATEMENT:  select "id", "quantity" from "cart_lines"',
      '2026-11-28 03:24:13.005 UTC [103] ERROR:  column "quantity" does not exist at character 20',
    ].join('\n');
    expect(schemaErrorsInLog(log)).toEqual([
      'column "quantity" does not exist at character 20 (2×) in: select "id", "quantity" from "cart_lines"',
    ]);
  });

  it("names each failed test of vitest's JSON report with its first error line", () => {
    const report = {
      testResults: [
        {
          name: '/tmp/previous/apps/api/test/cart.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'cart reads' },
            {
              status: 'failed',
              fullName: 'cart adds a line',
              failureMessages: ['\nAssertionError: expected 500 to be 200\n  at'],
            },
          ],
        },
        {
          name: '/tmp/previous/apps/api/test/order.test.ts',
          status: 'failed',
          message: 'error: column "x" does not exist',
          assertionResults: [],
        },
      ],
    };
    expect(summarizeVitestReport(report, '/tmp/previous')).toEqual({
      passed: 1,
      failed: [
        'apps/api/test/cart.test.ts › cart adds a line: AssertionError: expected 500 to be 200',
        'apps/api/test/order.test.ts: error: column "x" does not exist',
      ],
    });
  });
});

/** Runs the check; resolves with its exit code and output. */
function runCheck(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'migration-check.mjs'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', TEST_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!findPostgresBinDir())('the check against the previous release', () => {
  /** This commit's tree, as "this release", to which a test adds a throwaway migration. */
  let current;

  beforeAll(async () => {
    current = path.join(temporaryDir('b2b-migration-check-current-'), 'tree');
    await exportTree(REPO_ROOT, 'HEAD', current);
    linkNodeModules(REPO_ROOT, current);
  });

  it('says there is nothing to check when the previous release has the same migrations', async () => {
    const result = await runCheck(['--previous', 'HEAD', '--current', current]);
    expect(result.output).toContain('no schema change to check');
    expect(result.code).toBe(0);
  });

  it('fails at once when a released migration was edited', async () => {
    const file = path.join(current, MIGRATIONS_DIR, '0000_init.sql');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, `${original}\n-- edited after its release\n`);
    try {
      const result = await runCheck(['--previous', 'HEAD', '--current', current]);
      expect(result.output).toContain('released migrations must not change: 0000_init.sql (edited)');
      expect(result.code).toBe(1);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('fails, naming the broken test file and the missing column, when a migration renames a column the previous code uses', async () => {
    // A contraction in an expansion's place: the cart's lines lose `quantity`, which the previous code writes (its
    // seed's order history, so the file fails at set-up) and reads.
    const journalFile = path.join(current, MIGRATIONS_DIR, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const last = journal.entries.at(-1);
    const tag = `${String(last.idx + 1).padStart(4, '0')}_throwaway-rename`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
    writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    writeFileSync(
      path.join(current, MIGRATIONS_DIR, `${tag}.sql`),
      'ALTER TABLE "cart_lines" RENAME COLUMN "quantity" TO "line_quantity";\n',
    );

    const result = await runCheck([
      '--previous',
      'HEAD',
      '--current',
      current,
      '--tests',
      'apps/api/test/cart.test.ts',
    ]);
    expect(result.output).toContain(`this release's new migrations: ${tag}.sql`);
    expect(result.output).toContain("FAILED: the previous release's code");
    expect(result.output).toMatch(/- apps\/api\/test\/cart\.test\.ts[: ]/);
    expect(result.output).toMatch(
      /What the database refused:\n.*column \S*quantity\S* (of relation "cart_lines" )?does not exist/,
    );
    expect(result.code).toBe(1);
  }, 240_000);
});
