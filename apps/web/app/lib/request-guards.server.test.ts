import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
// @ts-expect-error Express ships no types and the web installs none: server.mjs, its one user, is plain JavaScript.
import expressWithoutTypes from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestGuards, crossSiteRefusal } from './request-guards.server.ts';

const OWN = 'http://shop.example:3000';

/** What this test uses of an Express app. */
type ExpressApp = {
  set(setting: string, value: unknown): void;
  use(middleware: ReturnType<typeof createRequestGuards>): void;
  all(path: string, handler: (request: unknown, response: ServerResponse) => void): void;
  listen(port: number, host: string): Server;
};
const express = expressWithoutTypes as () => ExpressApp;

describe('crossSiteRefusal', () => {
  it('lets through what the shop’s own pages send, and what clients without a browser send', () => {
    const passes = [
      { origin: OWN, fetchSite: 'same-origin' },
      { origin: OWN, fetchSite: undefined },
      { origin: undefined, fetchSite: 'same-origin' },
      // typed into the address bar, a bookmark: the user's own doing
      { origin: undefined, fetchSite: 'none' },
      // curl, a monitor, a script: neither header, and no browser's cookies
      { origin: undefined, fetchSite: undefined },
    ];
    for (const headers of passes) {
      expect(crossSiteRefusal({ method: 'POST', ownOrigin: OWN, ...headers }), JSON.stringify(headers)).toBeNull();
    }
  });

  it('refuses another origin, `Origin: null`, and a browser saying cross-site or same-site', () => {
    const refusals: Array<[{ origin?: string; fetchSite?: string }, string]> = [
      [{ origin: 'http://evil.example' }, 'Origin http://evil.example'],
      [{ origin: 'http://evil.example', fetchSite: 'cross-site' }, 'Origin http://evil.example'],
      // same host, another scheme or port: another origin
      [{ origin: 'https://shop.example:3000' }, 'Origin https://shop.example:3000'],
      [{ origin: 'http://shop.example:3001' }, 'Origin http://shop.example:3001'],
      [{ origin: 'null' }, 'Origin null'],
      [{ fetchSite: 'cross-site' }, 'Sec-Fetch-Site cross-site'],
      // a sibling host (us.shop.example) is the same site, and gets the SameSite=Lax cookies: still not this origin
      [{ fetchSite: 'same-site' }, 'Sec-Fetch-Site same-site'],
      [{ origin: OWN, fetchSite: 'cross-site' }, 'Sec-Fetch-Site cross-site'],
    ];
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      for (const [headers, reason] of refusals) {
        const refusal = crossSiteRefusal({
          method,
          ownOrigin: OWN,
          origin: headers.origin,
          fetchSite: headers.fetchSite,
        });
        expect(refusal, `${method} ${JSON.stringify(headers)}`).toBe(reason);
      }
    }
  });

  it('never refuses a request that only reads', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(
        crossSiteRefusal({ method, ownOrigin: OWN, origin: 'http://evil.example', fetchSite: 'cross-site' }),
      ).toBeNull();
    }
  });
});

/**
 * The guards in a real Express server, as server.mjs mounts them, reached over TCP: what the own origin is depends on
 * Express's reading of Host, X-Forwarded-Host and X-Forwarded-Proto, and absolute-form request lines cannot be sent
 * with fetch.
 */
describe('createRequestGuards in an Express server', () => {
  const logged: string[] = [];
  const servers: Server[] = [];
  let port: number;
  let proxiedPort: number;

  async function start(trustProxy: boolean): Promise<number> {
    const app = express();
    app.set('trust proxy', trustProxy);
    app.use(createRequestGuards((line) => logged.push(line)));
    app.all('*', (_request, response) => {
      response.end('reached the app');
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return (server.address() as AddressInfo).port;
  }

  beforeAll(async () => {
    port = await start(false);
    proxiedPort = await start(true);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** Sends `head` (request line and headers) as typed, and returns the status code and the body. */
  function send(toPort: number, head: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(toPort, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('error', reject);
      socket.on('end', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
        resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
      });
    });
  }

  it('answers 400 with one log line for a request target that is not a path', async () => {
    // (`GET evil HTTP/1.1` never gets this far: Node's parser answers it 400 itself.)
    for (const requestLine of [
      'GET http://evil.example/ HTTP/1.1',
      'OPTIONS * HTTP/1.1',
      'POST https://x/y HTTP/1.1',
    ]) {
      logged.length = 0;
      const answer = await send(port, `${requestLine}\r\nHost: evil.example`);
      expect(answer, requestLine).toEqual({
        status: 400,
        body: 'Bad request: the request target must be a path on this host.',
      });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^\[web\] 400 (GET|OPTIONS|POST) ".+": the request target is not a path of this host$/);
    }
  });

  it('answers 400 for a Host header that makes no address', async () => {
    expect((await send(port, 'GET / HTTP/1.1\r\nHost: a b')).status).toBe(400);
    expect((await send(port, 'GET / HTTP/1.1\r\nHost: shop.example')).status).toBe(200);
  });

  it('refuses another site’s POST with 403 and one log line, and lets the own origin through', async () => {
    logged.length = 0;
    const foreign = await send(
      port,
      'POST /resources/quick-order HTTP/1.1\r\nHost: shop.example:3000\r\nOrigin: http://evil.example\r\nContent-Length: 0',
    );
    expect(foreign).toEqual({ status: 403, body: 'Forbidden: this request was sent by another site.' });
    expect(logged).toEqual([
      '[web] 403 POST "/resources/quick-order": sent by another site ("Origin http://evil.example")',
    ]);

    const own = await send(
      port,
      'POST /resources/quick-order HTTP/1.1\r\nHost: shop.example:3000\r\nOrigin: http://shop.example:3000\r\nContent-Length: 0',
    );
    expect(own).toEqual({ status: 200, body: 'reached the app' });
  });

  it('takes the own origin from X-Forwarded-Host and -Proto only when TRUST_PROXY trusts the proxy', async () => {
    const behindProxy =
      'POST /logout HTTP/1.1\r\nHost: 10.0.0.5\r\nX-Forwarded-Host: shop.example\r\nX-Forwarded-Proto: https\r\n' +
      'Origin: https://shop.example\r\nContent-Length: 0';
    expect((await send(proxiedPort, behindProxy)).status).toBe(200);
    // Not trusted: the forwarded headers are anyone's, and the request's origin is its own Host.
    expect((await send(port, behindProxy)).status).toBe(403);
  });
});
