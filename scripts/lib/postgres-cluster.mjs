/**
 * A throwaway PostgreSQL cluster for one test run: created in a temporary folder with initdb, started with pg_ctl on
 * a free loopback port (trust authentication, loopback only, durability off), stopped and deleted afterwards, also
 * when the run ends with an error or Ctrl+C. Used by scripts/test.mjs when TEST_DATABASE_URL is not set.
 *
 * initdb refuses to run as root, so a root caller runs the server binaries as Debian's `postgres` user (created by the
 * postgresql package) and gives it the folder.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isPortFree } from './shop.mjs';

/** The first port to try; the next free one is taken when it is in use. */
const DEFAULT_PORT = 55432;

/** The uid and gid of a local user, or undefined when there is none. */
function userIds(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

function lastLines(file, count = 15) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

/**
 * Creates and starts the cluster. Resolves with its URL and a synchronous `stop()` (idempotent; also registered for
 * process exit); rejects with a readable message when initdb or the server fails.
 *
 * @param {{ binDir: string, firstPort?: number }} options binDir: a PostgreSQL `bin` folder (initdb, pg_ctl).
 */
export async function startThrowawayCluster({ binDir, firstPort = DEFAULT_PORT }) {
  let port = firstPort;
  while (!(await isPortFree(port))) port += 1;

  const dir = mkdtempSync(path.join(tmpdir(), 'b2b-test-postgres-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  let runAs = [];
  if (process.getuid?.() === 0) {
    const postgresUser = userIds('postgres');
    if (!postgresUser) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error('initdb cannot run as root and there is no "postgres" user to run it as');
    }
    chownSync(dir, postgresUser.uid, postgresUser.gid);
    runAs = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (binary, args) => {
    const [command, ...commandArgs] = [...runAs, path.join(binDir, binary), ...args];
    return spawnSync(command, commandArgs, { encoding: 'utf8' });
  };

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    process.off('SIGINT', stopAndExit);
    process.off('SIGTERM', stopAndExit);
    run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  // A signal ends Node without 'exit' handlers; Ctrl+C must not leave a server running and its folder behind.
  const stopAndExit = (signal) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', stop);
  process.on('SIGINT', stopAndExit);
  process.on('SIGTERM', stopAndExit);

  const initdb = run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--auth-local=trust',
    '--auth-host=trust',
  ]);
  if (initdb.status !== 0) {
    stop();
    throw new Error(`initdb failed: ${(initdb.stderr || initdb.error?.message || '').trim()}`);
  }
  // Durability is off: the cluster is thrown away after the run. Each test file opens its own database and pool,
  // hence the connection limit. The socket lives in the cluster's folder, so nothing is written to /var/run.
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c max_connections=300',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const started = run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options, 'start']);
  if (started.status !== 0) {
    const log = lastLines(logFile);
    stop();
    throw new Error(`PostgreSQL did not start:\n${log || started.stderr}`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
}

/**
 * Runs SQL with psql (of the same PostgreSQL `bin` folder) and resolves with its rows, each a list of column values
 * (unaligned, tab-separated). `variables` are psql variables, quoted by psql where the SQL says `:'name'`; the SQL is
 * given on standard input, where psql replaces them (it does not in `-c`). Rejects with psql's message on an error.
 *
 * @param {{ binDir: string, url: string, sql: string, variables?: Record<string, string> }} options
 */
export function runPsql({ binDir, url, sql, variables = {} }) {
  const args = ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d', url];
  for (const [name, value] of Object.entries(variables)) args.push('-v', `${name}=${value}`);
  return new Promise((resolve, reject) => {
    execFile(path.join(binDir, 'psql'), args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`psql: ${(stderr || error.message).trim()}`));
      else
        resolve(
          stdout
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => line.split('\t')),
        );
    }).stdin?.end(sql);
  });
}
