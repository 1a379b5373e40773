import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort, type OwnServer, startOwnServer } from './support/own-server.ts';
import { childPids, isRunning } from './support/processes.ts';
import { expect, test } from './support/test.ts';

/**
 * apps/web/server.mjs as an operator runs it: WEB_PROCESSES server processes on one port, a replacement for one that
 * dies, all of them stopped on SIGTERM, and a start that cannot work failing at once. Each test starts its own server
 * (the built app, against the e2e shop's API) on a free port, so the shop the other tests use is never touched.
 */

/** Issue 25: the supervisor of the server processes, which imports node:cluster and little else. */
const SUPERVISOR_MAX_RSS_MB = 50;

/** VmRSS of a process, in MB. */
function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb ?? 0) / 1024);
}

test.describe('the storefront server (server.mjs)', () => {
  let server: OwnServer | undefined;

  test.afterEach(() => {
    // a failed test must not leave its server behind
    server?.kill();
    server = undefined;
  });

  test('runs WEB_PROCESSES server processes on one port under a light supervisor, replaces one that dies and stops them all on SIGTERM', async ({
    request,
  }) => {
    const port = await freePort();
    server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '2' });
    const running = server;
    await expect
      .poll(running.output, { timeout: 30_000 })
      .toContain(`listening on http://127.0.0.1:${port} (2 processes)`);
    const supervisor = running.process.pid ?? 0;
    const first = childPids(supervisor);
    expect(first).toHaveLength(2);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await request.get(`http://127.0.0.1:${port}/search`)).status()).toBe(200);
    }

    // The supervisor does not load the app (React, the router, Express): it stays at about Node's own memory.
    const supervisorMb = rssMb(supervisor);
    const serverMb = Math.min(...first.map(rssMb));
    expect(supervisorMb, `the supervisor's RSS (a server process: ${serverMb} MB)`).toBeLessThanOrEqual(
      SUPERVISOR_MAX_RSS_MB,
    );
    expect(serverMb).toBeGreaterThan(supervisorMb);

    const [killed = 0, survivor = 0] = first;
    process.kill(killed, 'SIGKILL');
    await expect
      .poll(running.output, { timeout: 10_000 })
      .toContain(`server process ${killed} ended (SIGKILL); starting another`);
    await expect.poll(() => childPids(supervisor).filter(isRunning).length, { timeout: 30_000 }).toBe(2);
    const second = childPids(supervisor);
    expect(second).toContain(survivor);
    expect(second).not.toContain(killed);
    // the survivor answered meanwhile; the replacement joins as soon as it listens
    expect((await request.get(`http://127.0.0.1:${port}/`)).status()).toBe(200);

    running.process.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    for (const pid of second) expect(isRunning(pid), `server process ${pid} after SIGTERM`).toBe(false);
  });

  test('a start that cannot work stops at once and says why', async () => {
    const port = await freePort();
    server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '2', API_URL: 'ftp://api.internal' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('API_URL: must be an http:// or https:// URL');
    expect(server.output()).not.toContain('listening');

    server = startOwnServer({ PORT: String(port), WEB_PROCESSES: 'many' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WEB_PROCESSES: must be a whole number of processes, at least 1');

    // the port taken: the reason, not a stack trace
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '2' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`cannot listen on port ${port} of 127.0.0.1: the port is in use`);
      expect(server.output()).not.toContain('    at ');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
