/**
 * A storefront server of a test's own (apps/web/server.mjs: the built app, against the e2e shop's API) on a free
 * port, for tests of what the shared one cannot show: how it starts, stops and renders right after its start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { childPids } from './processes.ts';
import { E2E_API_URL } from './shop-api.ts';

const WEB_DIR = new URL('../../apps/web/', import.meta.url).pathname;

export type OwnServer = {
  process: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Its exit code, once it exited. */
  exited: Promise<number | null>;
  /** Ends it and the processes it started at once (after a test, whatever its outcome). */
  kill: () => void;
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Starts `node server.mjs` on loopback with `env` (PORT at least) over the test run's environment. */
export function startOwnServer(env: Record<string, string>): OwnServer {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: WEB_DIR,
    env: { ...process.env, API_URL: E2E_API_URL, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    for (const pid of childPids(child.pid ?? 0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended by itself meanwhile
      }
    }
    child.kill('SIGKILL');
  };
  return { process: child, output: () => output, exited, kill };
}

/**
 * The messages of a server's log (its JSON lines' `msg`, ADR 033), in order; lines that are not JSON (a start that
 * failed on its configuration prints plain text) are left out.
 */
export function logMessages(output: string): string[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    const { msg } = JSON.parse(line) as { msg?: unknown };
    return typeof msg === 'string' ? [msg] : [];
  });
}
