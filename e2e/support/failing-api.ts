/**
 * A reverse proxy in front of the e2e shop's API that can make chosen calls fail as a load balancer answers when no
 * API instance is up (503, plain text), for a storefront server of a test's own (own-server.ts, `API_URL`): how the
 * pages behave when the API fails, with the real API behind it for everything else.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { freePort } from './own-server.ts';
import { E2E_API_URL } from './shop-api.ts';

export type FailingApi = {
  url: string;
  /** Calls whose path is one of these answer 503 until `heal`. */
  fail: (...paths: string[]) => void;
  heal: () => void;
  /** How many calls of `path` reached the API (failed ones do not). */
  forwarded: (path: string) => number;
  close: () => Promise<void>;
};

export async function startFailingApi(): Promise<FailingApi> {
  const target = new URL(E2E_API_URL);
  const failing = new Set<string>();
  const counts = new Map<string, number>();
  const server: Server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    if (failing.has(path)) {
      incoming.resume();
      outgoing.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
  // Longer than the storefront keeps an idle connection to reuse it, as the API's own 72 s (Fastify's default): with
  // Node's 5 s, a page's next call could be sent on a connection the proxy was closing (a reset, then a 503 page).
  server.keepAliveTimeout = 75_000;
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (...paths) => {
      for (const path of paths) failing.add(path);
    },
    heal: () => failing.clear(),
    forwarded: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
