/**
 * The scale-out test's proxy rule (ADR 040), with Debian's nginx and two small servers in front of which it runs:
 * a GET whose instance dies with it goes to the other instance; a POST that reached an instance is never sent to a
 * second one (nginx answers 502 and the client's rule decides), and the access log counts what nginx passed on.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countProxyRetries, startNginx } from './scale-out-nginx.mjs';
import { isPortFree } from './shop.mjs';
import { findNginx } from './system-packages.mjs';

const nginx = findNginx();

async function freePort(from) {
  let port = from;
  while (!(await isPortFree(port))) port += 1;
  return port;
}

async function waitForAnswer(url) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await (await fetch(url)).text();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

describe.skipIf(!nginx)('the scale-out proxy', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'b2b-scale-out-nginx-'));
  /** What each server received, as "METHOD path". */
  const received = { dying: [], healthy: [] };
  const servers = [];
  let proxy;
  let base;

  beforeAll(async () => {
    // The first instance dies with every request it receives (the socket is destroyed before any answer), as a
    // process killed with -9 while it works; the second answers.
    const dying = createServer((request) => {
      received.dying.push(`${request.method} ${request.url}`);
      request.socket.destroy();
    });
    const healthy = createServer((request, response) => {
      received.healthy.push(`${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => response.end('answered'));
    });
    const dyingPort = await freePort(5190);
    dying.listen(dyingPort, '127.0.0.1');
    await once(dying, 'listening');
    const healthyPort = await freePort(dyingPort + 1);
    healthy.listen(healthyPort, '127.0.0.1');
    await once(healthy, 'listening');
    servers.push(dying, healthy);
    const webPort = await freePort(healthyPort + 1);
    const apiPort = await freePort(webPort + 1);
    proxy = startNginx({
      binary: nginx,
      dir,
      webPort,
      apiPort,
      instances: { webs: [dyingPort, healthyPort], apis: [healthyPort] },
    });
    base = `http://127.0.0.1:${webPort}`;
    await waitForAnswer(`http://127.0.0.1:${apiPort}/ready`);
  });

  afterAll(async () => {
    proxy?.stop();
    if (proxy) await once(proxy.child, 'exit');
    for (const server of servers) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes a GET whose instance died with it to the other instance, and never a POST that was sent', async () => {
    // Round robin: within two requests one reaches the dying instance, which answers nothing.
    for (let index = 0; index < 3 && !received.dying.some((line) => line.startsWith('GET')); index += 1) {
      const get = await fetch(`${base}/page-${index}`);
      expect(`${get.status} ${await get.text()}`).toBe('200 answered');
    }
    expect(received.dying.filter((line) => line.startsWith('GET'))).toHaveLength(1);
    expect(received.healthy).toContain(received.dying[0]);

    // nginx leaves the failed instance out for 2 s (fail_timeout, counted in whole seconds), then tries it again.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    const postAnswers = [];
    for (let index = 0; index < 8 && !received.dying.some((line) => line.startsWith('POST')); index += 1) {
      const post = await fetch(`${base}/form-${index}`, { method: 'POST', body: 'intent=place-order' });
      postAnswers.push(`${post.status} /form-${index}`);
    }
    const postToDying = received.dying.find((line) => line.startsWith('POST'));
    expect(postToDying).toBeDefined();
    const path = postToDying?.slice('POST '.length);
    expect(postAnswers).toContain(`502 ${path}`);
    expect(received.healthy).not.toContain(postToDying);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(countProxyRetries(proxy.accessLog)).toEqual({ GET: 1 });
  });
});
