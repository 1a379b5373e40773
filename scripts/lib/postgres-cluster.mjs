/**
 * A throwaway PostgreSQL cluster for one test run: created in a temporary folder with initdb, started with pg_ctl on
 * a free loopback port (trust authentication, loopback only, durability off), stopped and deleted afterwards, also
 * when the run ends with an error or Ctrl+C. Used by scripts/test.mjs when TEST_DATABASE_URL is not set. A streaming
 * standby of one (startStandbyCluster) is the read replica of apps/api/test/read-replica.test.ts (ADR 042).
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
 * A folder for a throwaway cluster's data and log, a runner for the server binaries (as the `postgres` user when this
 * process is root) and a synchronous `stop()` (idempotent; also on process exit, Ctrl+C and SIGTERM) that stops the
 * server and deletes the folder.
 */
function prepareCluster(binDir, prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
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
  return { dir, dataDir, logFile, run, stop };
}

/**
 * Starts the server of a prepared cluster on `port`. Durability is off: the cluster is thrown away after the run. Each
 * test file opens its own database and pool, hence the connection limit. The socket lives in the cluster's folder, so
 * nothing is written to /var/run. `serverOptions` are more `-c name=value` settings.
 */
function startServer(cluster, port, serverOptions) {
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${cluster.dir}`,
    '-c max_connections=300',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    ...serverOptions.map((option) => `-c ${option}`),
  ].join(' ');
  const started = cluster.run('pg_ctl', [
    '-D',
    cluster.dataDir,
    '-l',
    cluster.logFile,
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  if (started.status !== 0) {
    const log = lastLines(cluster.logFile);
    cluster.stop();
    throw new Error(`PostgreSQL did not start:\n${log || started.stderr}`);
  }
}

/**
 * Creates and starts the cluster. Resolves with its URL and a synchronous `stop()` (idempotent; also registered for
 * process exit); rejects with a readable message when initdb or the server fails. Its WAL is fit for a streaming
 * standby (PostgreSQL's defaults: wal_level replica, 10 WAL senders; initdb's pg_hba lets loopback replicate).
 *
 * @param {{ binDir: string, firstPort?: number, serverOptions?: string[] }} options binDir: a PostgreSQL `bin` folder
 *   (initdb, pg_ctl); serverOptions: more `name=value` settings, e.g. `log_statement=all`.
 */
export async function startThrowawayCluster({ binDir, firstPort = DEFAULT_PORT, serverOptions = [] }) {
  let port = firstPort;
  while (!(await isPortFree(port))) port += 1;

  const cluster = prepareCluster(binDir, 'b2b-test-postgres-');
  const initdb = cluster.run('initdb', [
    '-D',
    cluster.dataDir,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--auth-local=trust',
    '--auth-host=trust',
  ]);
  if (initdb.status !== 0) {
    cluster.stop();
    throw new Error(`initdb failed: ${(initdb.stderr || initdb.error?.message || '').trim()}`);
  }
  startServer(cluster, port, serverOptions);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir: cluster.dir,
    logFile: cluster.logFile,
    stop: cluster.stop,
  };
}

/**
 * Starts a streaming-replication standby of a running throwaway cluster (a read replica, ADR 042) on the next free
 * port from `firstPort`: a base backup of the primary taken with pg_basebackup -R (which writes standby.signal and
 * the primary's address), started as a hot standby, so it answers reads and refuses writes. Resolves like
 * {@link startThrowawayCluster}; the URL names `database` on the standby.
 *
 * @param {{ binDir: string, primaryPort: number, firstPort?: number, database?: string, serverOptions?: string[] }} options
 */
export async function startStandbyCluster({
  binDir,
  primaryPort,
  firstPort = primaryPort + 1,
  database = 'postgres',
  serverOptions = [],
}) {
  let port = firstPort;
  while (!(await isPortFree(port))) port += 1;

  const cluster = prepareCluster(binDir, 'b2b-test-standby-');
  const backup = cluster.run('pg_basebackup', [
    '-D',
    cluster.dataDir,
    '-d',
    `host=127.0.0.1 port=${primaryPort} user=postgres`,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  if (backup.status !== 0) {
    cluster.stop();
    throw new Error(`pg_basebackup failed: ${(backup.stderr || backup.error?.message || '').trim()}`);
  }
  startServer(cluster, port, ['hot_standby=on', ...serverOptions]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    dir: cluster.dir,
    logFile: cluster.logFile,
    stop: cluster.stop,
  };
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
