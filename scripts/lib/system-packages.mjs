/**
 * The programs outside npm that the tests need: a Chromium for the browser tests, the PostgreSQL server binaries
 * for the second run of the db and API tests, and nginx as the reverse proxy of the scale-out test
 * (scripts/scale-out.mjs). All come from Debian packages (`chromium`, `postgresql`, `nginx-light`); npm cannot
 * install them and Playwright never downloads a browser here.
 *
 * `findOrInstallSystemPackages()` looks for them and, when some are missing and this process may install packages
 * (root, or passwordless sudo, with apt-get), installs them with one apt-get call. What is still missing comes back
 * with a one-line explanation, so that the caller can run everything else and say in one line what it skipped.
 *
 * Used by scripts/test.mjs (`npm test`) and, as `node scripts/lib/system-packages.mjs`, by `.ci/run`, which fails
 * when anything is missing. Plain JavaScript without dependencies: it runs before `npm install`.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
const POSTGRES_ROOT = '/usr/lib/postgresql';
const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx'];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether a command can be started at all (it exists on PATH and runs with the given arguments). */
function commandWorks(command, args) {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 });
  return !result.error && result.status === 0;
}

/**
 * How this process may install Debian packages: as root directly, through `sudo -n` when sudo needs no password, or
 * not at all (then `reason` says why).
 */
export function findPackageInstaller() {
  if (!commandWorks('apt-get', ['--version'])) return { prefix: undefined, reason: 'apt-get is not available' };
  if (process.getuid?.() === 0) return { prefix: [], reason: undefined };
  if (commandWorks('sudo', ['-n', 'true'])) return { prefix: ['sudo', '-n'], reason: undefined };
  return { prefix: undefined, reason: 'installing packages needs root or passwordless sudo' };
}

/** The Chromium the browser tests drive: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/**
 * Why the Chromium at `file` cannot be used, or undefined when it starts. `--version` is asked so that a binary that
 * exists but cannot start (a missing shared library) is caught here, in one line, rather than by every browser test.
 */
function chromiumProblem(file) {
  if (!isExecutable(file)) return `no Chromium at ${file}`;
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.error || result.status !== 0) {
    const detail = (result.error?.message ?? result.stderr ?? '').trim().split('\n')[0];
    return `the Chromium at ${file} does not start (${detail || `exit code ${result.status}`})`;
  }
  return undefined;
}

/** The newest `/usr/lib/postgresql/<version>/bin` that holds initdb, or undefined. */
export function findPostgresBinDir() {
  let versions = [];
  try {
    versions = readdirSync(POSTGRES_ROOT);
  } catch {
    return undefined;
  }
  const dirs = versions
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((version) => path.join(POSTGRES_ROOT, version, 'bin'))
    .filter((dir) => isExecutable(path.join(dir, 'initdb')) && isExecutable(path.join(dir, 'pg_ctl')));
  return dirs.at(-1);
}

/** Debian's nginx (any of its packages; nginx-light is the smallest), or undefined when none is installed. */
export function findNginx() {
  return NGINX_PATHS.find((file) => isExecutable(file) && commandWorks(file, ['-v']));
}

/** Runs apt-get (through the installer's prefix) with output on stderr; resolves whether it succeeded. */
function aptGet(prefix, args) {
  const [command, ...commandArgs] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
  return !result.error && result.status === 0;
}

/**
 * Finds Chromium, PostgreSQL and/or nginx and installs the missing Debian packages when allowed.
 *
 * @param {{ chromium?: boolean, postgresql?: boolean, nginx?: boolean, log?: (line: string) => void, env?: NodeJS.ProcessEnv }} wanted
 * @returns {{ chromiumPath?: string, postgresBinDir?: string, nginxPath?: string, missing: { chromium?: string, postgresql?: string, nginx?: string } }}
 *   `missing` holds one line for each program that is still not usable: what is missing and how to get it.
 */
export function findOrInstallSystemPackages({
  chromium = false,
  postgresql = false,
  nginx = false,
  log = console.log,
  env = process.env,
}) {
  const chromiumFile = chromiumPath(env);
  // An explicit CHROMIUM_PATH is the caller's choice: installing Debian's package would not change what it names.
  const mayInstallChromium = !env.CHROMIUM_PATH;

  const toInstall = [];
  if (chromium && chromiumProblem(chromiumFile) && mayInstallChromium) toInstall.push('chromium');
  if (postgresql && !findPostgresBinDir()) toInstall.push('postgresql');
  if (nginx && !findNginx()) toInstall.push('nginx-light');

  let installProblem;
  if (toInstall.length > 0) {
    const installer = findPackageInstaller();
    if (installer.prefix) {
      log(`Installing the Debian packages ${toInstall.join(', ')} (apt-get), which the tests need.`);
      // Debian's postgresql package may start a cluster of its own on port 5432, and nginx a server on port 80; the
      // tests start their own on other ports.
      const installed =
        aptGet(installer.prefix, ['update', '-qq']) &&
        aptGet(installer.prefix, ['install', '-y', '-qq', '--no-install-recommends', ...toInstall]);
      if (!installed) installProblem = 'apt-get install failed (see above)';
    } else {
      installProblem = installer.reason;
    }
  }
  const howToInstall = (pkg) => `install Debian's ${pkg} package (apt-get install ${pkg})`;
  const whyNotInstalled = installProblem ? ` (not installed automatically: ${installProblem})` : '';

  const missing = {};
  const result = { missing };
  if (chromium) {
    const problem = chromiumProblem(chromiumFile);
    if (problem) {
      const remedy = mayInstallChromium
        ? `${howToInstall('chromium')} or set CHROMIUM_PATH to a Chromium${whyNotInstalled}`
        : "point CHROMIUM_PATH at a Chromium, or unset it to use (and install) Debian's chromium";
      missing.chromium = `Browser tests need Chromium: ${problem}. To run them, ${remedy}.`;
    } else {
      result.chromiumPath = chromiumFile;
    }
  }
  if (postgresql) {
    const binDir = findPostgresBinDir();
    if (binDir) {
      result.postgresBinDir = binDir;
    } else {
      missing.postgresql =
        `The PostgreSQL run needs a PostgreSQL server: none under ${POSTGRES_ROOT}. To run it, ` +
        `${howToInstall('postgresql')} or set TEST_DATABASE_URL to a server's URL${whyNotInstalled}.`;
    }
  }
  if (nginx) {
    const nginxPath = findNginx();
    if (nginxPath) {
      result.nginxPath = nginxPath;
    } else {
      missing.nginx =
        `The scale-out test needs nginx as its reverse proxy: none at ${NGINX_PATHS.join(' or ')}. To run it, ` +
        `${howToInstall('nginx-light')}${whyNotInstalled}.`;
    }
  }
  return result;
}

// `node scripts/lib/system-packages.mjs` (.ci/run): find or install both; fail when either is missing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findOrInstallSystemPackages({ chromium: true, postgresql: true, nginx: true });
  const missing = Object.values(found.missing);
  for (const line of missing) console.error(line);
  if (missing.length > 0) process.exit(1);
  const postgresVersion = spawnSync(path.join(found.postgresBinDir, 'postgres'), ['--version'], { encoding: 'utf8' });
  const chromiumVersion = spawnSync(found.chromiumPath, ['--version'], { encoding: 'utf8' });
  // nginx -v writes to standard error
  const nginxVersion = spawnSync(found.nginxPath, ['-v'], { encoding: 'utf8' });
  console.log(
    `Found ${chromiumVersion.stdout.trim()} (${found.chromiumPath}), ${postgresVersion.stdout.trim()} (${found.postgresBinDir}) and ${nginxVersion.stderr.trim()} (${found.nginxPath}).`,
  );
}
