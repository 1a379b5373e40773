/**
 * The parts of the migration check (scripts/migration-check.mjs, ADR 044): which commit is the previous release, what
 * its migrations are next to this release's, its tree exported with this checkout's node_modules where the lockfile
 * allows, and what broke when its tests fail on this release's schema.
 *
 * Plain JavaScript on git, tar and the file system, so that `npm run check:migrations` needs nothing beyond what
 * `npm test` needs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** Where the migrations live, relative to a tree's root. */
export const MIGRATIONS_DIR = 'packages/db/migrations';

/** A release tag: `release-<anything>`, e.g. `release-2026.12.1`. */
export const RELEASE_TAG_PATTERN = 'release-*';

/** An error whose message is the whole story for the person reading CI's log (no stack trace needed). */
export class MigrationCheckError extends Error {}

/** Runs git in `cwd`; returns its trimmed stdout, or throws with its stderr. */
function git(cwd, args) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function shortCommit(repoDir, commit) {
  return git(repoDir, ['rev-parse', '--short', commit]);
}

/** A commit named by the caller (`--previous`), as findPreviousRelease() describes one. */
export function namedCommit(repoDir, revision) {
  return {
    commit: git(repoDir, ['rev-parse', '--verify', `${revision}^{commit}`]),
    short: shortCommit(repoDir, `${revision}^{commit}`),
    why: `named with --previous ${revision}`,
  };
}

/**
 * The previous release, whose code must keep working on this release's schema during a rolling deploy:
 *   1. the migrations folder has uncommitted changes: HEAD (the committed code does not know them yet);
 *   2. else the newest `release-*` tag among HEAD's ancestors, HEAD itself excluded (HEAD is the release being made);
 *   3. else, with no release tag yet: the first parent of the newest commit on HEAD's first-parent line that changed
 *      the migrations folder. On main that is main just before the merge that brought the newest migration, i.e.
 *      the newest code that ran without it.
 * A shallow clone has no history to find it in (a `--depth` clone's oldest commit seems to add every file): its
 * history is fetched from its remote first (`git fetch --unshallow`, as CI systems that clone with a depth need);
 * where that cannot be done, it is an error, not a skip, since a skipped check would let a breaking migration through.
 *
 * @returns {{ commit: string, short: string, why: string } | { commit: undefined, why: string }}
 */
export function findPreviousRelease(repoDir) {
  const isShallow = () => git(repoDir, ['rev-parse', '--is-shallow-repository']) === 'true';
  if (isShallow()) {
    let reason = 'it has no remote to fetch it from';
    try {
      git(repoDir, ['fetch', '--quiet', '--unshallow', '--tags']);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    if (isShallow()) {
      throw new MigrationCheckError(
        `This clone is shallow and its history could not be fetched (${reason}): the migration check needs the ` +
          'history to find the previous release. Fetch it with `git fetch --unshallow` (or clone without --depth), ' +
          'or name the previous release with --previous <commit>.',
      );
    }
  }
  if (git(repoDir, ['status', '--porcelain', '--', MIGRATIONS_DIR]) !== '') {
    return {
      commit: git(repoDir, ['rev-parse', 'HEAD']),
      short: shortCommit(repoDir, 'HEAD'),
      why: `HEAD, since ${MIGRATIONS_DIR}/ has changes not yet committed`,
    };
  }
  // The nearest by history, not by date (tags made in the same second tie); tags on HEAD name this release.
  const tagsOnHead = git(repoDir, ['tag', '--list', RELEASE_TAG_PATTERN, '--points-at', 'HEAD']).split('\n');
  const describe = spawnSync(
    'git',
    [
      'describe',
      '--tags',
      '--abbrev=0',
      '--match',
      RELEASE_TAG_PATTERN,
      ...tagsOnHead.filter(Boolean).flatMap((tag) => ['--exclude', tag]),
      'HEAD',
    ],
    { cwd: repoDir, encoding: 'utf8' },
  );
  const newestTag = describe.status === 0 ? describe.stdout.trim() : undefined;
  if (newestTag) {
    return {
      commit: git(repoDir, ['rev-parse', `${newestTag}^{commit}`]),
      short: shortCommit(repoDir, `${newestTag}^{commit}`),
      why: `the newest release tag before HEAD, ${newestTag}`,
    };
  }
  const newestChange = git(repoDir, ['log', '--first-parent', '-1', '--format=%H', 'HEAD', '--', MIGRATIONS_DIR]);
  if (!newestChange) return { commit: undefined, why: `no commit has changed ${MIGRATIONS_DIR}/` };
  const parent = git(repoDir, ['rev-list', '--parents', '-1', newestChange]).split(' ')[1];
  const subject = git(repoDir, ['log', '-1', '--format=%s', newestChange]);
  if (!parent) return { commit: undefined, why: `the root commit added ${MIGRATIONS_DIR}/: there is no older code` };
  return {
    commit: parent,
    short: shortCommit(repoDir, parent),
    why:
      `no ${RELEASE_TAG_PATTERN} tag: the code just before ${shortCommit(repoDir, newestChange)} ` +
      `("${subject.length > 80 ? `${subject.slice(0, 77)}...` : subject}"), the newest commit on the first-parent ` +
      `line that changed ${MIGRATIONS_DIR}/`,
  };
}

/** The SQL migrations of a commit: file name → content. */
export function migrationsAtCommit(repoDir, commit) {
  const names = git(repoDir, ['ls-tree', '--name-only', `${commit}:${MIGRATIONS_DIR}`])
    .split('\n')
    .filter((name) => name.endsWith('.sql'));
  return new Map(names.map((name) => [name, git(repoDir, ['show', `${commit}:${MIGRATIONS_DIR}/${name}`])]));
}

/** The SQL migrations in a folder: file name → content (trimmed as git's output is, so that the two compare). */
export function migrationsInFolder(folder) {
  const names = readdirSync(folder).filter((name) => name.endsWith('.sql'));
  return new Map(names.map((name) => [name, readFileSync(path.join(folder, name), 'utf8').trim()]));
}

/**
 * What this release's migrations add to the previous release's: `added` (new files), `changed` (a released migration
 * edited: a database that already ran it will not run it again) and `removed`.
 */
export function compareMigrations(previous, current) {
  const added = [...current.keys()].filter((name) => !previous.has(name)).sort();
  const changed = [...current.keys()].filter((name) => previous.has(name) && previous.get(name) !== current.get(name));
  const removed = [...previous.keys()].filter((name) => !current.has(name)).sort();
  return { added, changed: changed.sort(), removed, same: added.length + changed.length + removed.length === 0 };
}

/** Writes a commit's tree (tracked files only, as a clean clone has them) into `dir`. */
export function exportTree(repoDir, commit, dir) {
  mkdirSync(dir, { recursive: true });
  const archive = spawn('git', ['archive', '--format=tar', commit], {
    cwd: repoDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const untar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
  archive.stdout.pipe(untar.stdin);
  let errors = '';
  archive.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  untar.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = (child) => new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return Promise.all([exited(archive), exited(untar)]).then(([archiveCode, untarCode]) => {
    if (archiveCode !== 0 || untarCode !== 0)
      throw new Error(`git archive ${commit} | tar -x failed: ${errors.trim()}`);
  });
}

/**
 * The installed packages (`node_modules/…` entries of package-lock.json) that the previous lockfile pins and this
 * one does not pin the same way. Empty: every package the previous code resolves is installed here at the same path
 * and version, so its tree can use this checkout's node_modules (extra packages it never imports do no harm).
 */
export function packagesNotInstalledAlike(previousLock, currentLock) {
  const current = currentLock.packages ?? {};
  return Object.entries(previousLock.packages ?? {})
    .filter(([key, entry]) => key.includes('node_modules/') && !entry.link)
    .filter(([key, entry]) => current[key]?.version !== entry.version || current[key]?.integrity !== entry.integrity)
    .map(([key, entry]) => `${key}@${entry.version}`);
}

/**
 * Gives `tree` this checkout's installed packages without copying them: in each node_modules folder (the root's and
 * the workspaces'), a link per package. Not one link for the whole folder: the workspace links (`@b2b/db` →
 * `../../packages/db`) would resolve to this checkout's code, so `@b2b/` is made anew, pointing into `tree`. Caches
 * (`.vite`, `.cache`) stay the tree's own.
 */
export function linkNodeModules(fromRoot, tree) {
  const workspaceDirs = ['', 'apps/api', 'apps/web', 'packages/db', 'packages/contract'];
  for (const workspace of workspaceDirs) {
    const source = path.join(fromRoot, workspace, 'node_modules');
    if (!existsSync(source) || !existsSync(path.join(tree, workspace, 'package.json'))) continue;
    const target = path.join(tree, workspace, 'node_modules');
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(source)) {
      if (entry.startsWith('.') && entry !== '.bin') continue;
      if (entry === '@b2b') continue;
      symlinkSync(path.join(source, entry), path.join(target, entry));
    }
  }
  const scope = path.join(tree, 'node_modules', '@b2b');
  const ourScope = path.join(fromRoot, 'node_modules', '@b2b');
  mkdirSync(scope, { recursive: true });
  for (const name of existsSync(ourScope) ? readdirSync(ourScope) : []) {
    const link = path.join(ourScope, name);
    if (!lstatSync(link).isSymbolicLink()) continue;
    const workspace = path.relative(fromRoot, path.resolve(ourScope, readlinkSync(link)));
    if (existsSync(path.join(tree, workspace, 'package.json'))) {
      symlinkSync(path.relative(scope, path.join(tree, workspace)), path.join(scope, name));
    }
  }
}

/** Errors in the PostgreSQL log that mean the code and the schema disagree (not the races tests provoke). */
const SCHEMA_MISMATCH = [
  /(column|relation|function|type|constraint) .* does not exist/,
  /violates not-null constraint/,
  /is of type .* but expression is of type/,
  /invalid input value for enum/,
  /has no column named/,
];

/**
 * The distinct schema errors in a PostgreSQL server log, each with how often it came and the first statement that
 * met it, e.g. `column "quantity" does not exist (12×) in: select "id", "quantity" from "cart_lines" …`.
 */
export function schemaErrorsInLog(logText) {
  const lines = logText.split('\n');
  const errors = new Map();
  for (let index = 0; index < lines.length; index += 1) {
    const match = /\bERROR:\s+(.*)$/.exec(lines[index]);
    if (!match || !SCHEMA_MISMATCH.some((pattern) => pattern.test(match[1]))) continue;
    const message = match[1].trim();
    const seen = errors.get(message);
    if (seen) {
      seen.count += 1;
      continue;
    }
    const statementLine = lines.slice(index + 1, index + 4).find((line) => /\bSTATEMENT:\s/.test(line));
    const statement = statementLine?.replace(/^.*?\bSTATEMENT:\s+/, '').trim();
    errors.set(message, { count: 1, statement });
  }
  return [...errors].map(([message, { count, statement }]) => {
    const shortened = statement && statement.length > 160 ? `${statement.slice(0, 157)}...` : statement;
    return `${message}${count > 1 ? ` (${count}×)` : ''}${shortened ? ` in: ${shortened}` : ''}`;
  });
}

/**
 * Passed and failed tests of a vitest JSON report, the failed ones as `file › test name: first line of the error`
 * (a file whose set-up failed counts as one failure with its own message, cut at 200 characters: a failed query's
 * text is long, and the database's own error, from its log, says more).
 */
export function summarizeVitestReport(report, treeRoot) {
  const failed = [];
  let passed = 0;
  for (const file of report.testResults ?? []) {
    const name = path.relative(treeRoot, file.name);
    const firstLine = (text) => (text ?? '').split('\n').find((line) => line.trim() !== '') ?? '';
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') passed += 1;
      if (test.status === 'failed') {
        failed.push(`${name} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0]).trim()}`);
      }
    }
    const fileFailed = file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed');
    if (fileFailed) {
      const message = firstLine(file.message).trim() || 'the file failed before its tests ran';
      failed.push(`${name}: ${message.length > 200 ? `${message.slice(0, 197)}...` : message}`);
    }
  }
  return { passed, failed };
}
