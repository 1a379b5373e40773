import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_TIMEOUT_MS, UNEXPECTED_SERVER_ERROR_MESSAGE } from '@b2b/contract';
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The client talks to a real HTTP server standing in for the API on a free port: each test says what it answers.
 * API_URL is read when the config loads, so the client is imported after the server listens.
 */
let server: Server;
let handle: (request: IncomingMessage, response: ServerResponse, body: string) => void;
let client: typeof import('./api.server.ts');

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  vi.stubEnv('API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // Fresh modules: another test file of this worker may have loaded the config with another API_URL.
  vi.resetModules();
  client = await import('./api.server.ts');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  server.close();
});

function answer(status: number, body: unknown = null) {
  handle = (_request, response) => {
    if (status === 204) response.writeHead(status).end();
    else response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

async function errorOf(promise: Promise<unknown>): Promise<InstanceType<typeof client.ApiError>> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof client.ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('API client status rule (spec §8)', () => {
  it("accepts 200, 204 and the endpoint's declared success status only", () => {
    expect(client.isAnsweredStatus(200)).toBe(true);
    expect(client.isAnsweredStatus(204)).toBe(true);
    for (const status of [201, 202, 203, 206, 299, 304, 400, 404, 500])
      expect(client.isAnsweredStatus(status)).toBe(false);
    // CreateOrderByCartId declares 201 Created: that one, and no other 2xx, is its answer.
    expect(client.isAnsweredStatus(201, 201)).toBe(true);
    expect(client.isAnsweredStatus(202, 201)).toBe(false);
  });

  it('answers the 201 an endpoint declares (CreateOrderByCartId) with its body', async () => {
    answer(201, { order: 'placed' });
    const created = { ...healthEndpoints.getHealth, successStatus: 201 as const };
    await expect(client.requestEndpoint(created, {})).resolves.toEqual({ order: 'placed' });
  });

  it('answers 200 with the body and 204 with nothing', async () => {
    answer(200, { status: 'ok' });
    await expect(client.requestEndpoint(healthEndpoints.getHealth, {})).resolves.toEqual({ status: 'ok' });
    answer(204);
    await expect(client.requestEndpoint(healthEndpoints.getHealth, {})).resolves.toBeUndefined();
  });

  it.each([201, 202, 206])('treats %i as "An unexpected server error occurred." with the status', async (status) => {
    answer(status, { status: 'ok' });
    const error = await errorOf(client.requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({ status, type: 'UnexpectedServerError', message: UNEXPECTED_SERVER_ERROR_MESSAGE });
  });

  it("keeps the API's exception type and message where the error body names them", async () => {
    answer(404, { statusCode: 404, type: 'NotFoundException', error: 'Not Found', message: 'Cart not found.' });
    const error = await errorOf(client.requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({ status: 404, type: 'NotFoundException', message: 'Cart not found.' });
  });

  it('an error without a typed body is the unexpected server error with its status', async () => {
    answer(418, 'teapot');
    const error = await errorOf(client.requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({
      status: 418,
      type: 'UnexpectedServerError',
      message: UNEXPECTED_SERVER_ERROR_MESSAGE,
    });
  });
});

describe('API client transport', () => {
  it('sends the body as JSON with its length, and the token as a bearer', async () => {
    let seen: { method?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    handle = (request, response, body) => {
      seen = { method: request.method, headers: request.headers, body };
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    };
    const posting = { ...healthEndpoints.getHealth, method: 'POST' as const };
    await expect(
      client.requestEndpoint(posting, { body: { name: 'Åsa' } } as never, { token: 'a.b.c' }),
    ).resolves.toEqual({ status: 'ok' });
    expect(seen.method).toBe('POST');
    expect(seen.body).toBe('{"name":"Åsa"}');
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength('{"name":"Åsa"}')),
      authorization: 'Bearer a.b.c',
      accept: 'application/json',
    });
    // no compressed answers: the body is read whole on this side anyway
    expect(seen.headers?.['accept-encoding']).toBeUndefined();
  });

  it('keeps the connection open for the next call', async () => {
    const ports: number[] = [];
    handle = (request, response) => {
      ports.push(request.socket.remotePort ?? 0);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    };
    await client.requestEndpoint(healthEndpoints.getHealth, {});
    await client.requestEndpoint(healthEndpoints.getHealth, {});
    expect(ports).toHaveLength(2);
    expect(ports[1]).toBe(ports[0]);
  });

  it('a connection the API drops is NetworkError (503)', async () => {
    handle = (request) => request.socket.destroy();
    const error = await errorOf(client.requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({ status: 503, type: 'NetworkError', message: UNEXPECTED_SERVER_ERROR_MESSAGE });
  });

  it('an answer that breaks off while its body is read is NetworkError (503), and one discarded does no harm', async () => {
    handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"status":');
      setTimeout(() => response.destroy(), 20);
    };
    const error = await errorOf(client.requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({ status: 503, type: 'NetworkError' });
    // a POST's 503 is discarded and sent again once (spec §9); its body breaking off meanwhile does no harm
    let calls = 0;
    handle = (_request, response) => {
      calls += 1;
      if (calls === 1) {
        response.writeHead(503, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"statusCode":');
        setTimeout(() => response.destroy(), 20);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    };
    const posting = { ...healthEndpoints.getHealth, method: 'POST' as const };
    await expect(client.requestEndpoint(posting, { body: {} } as never)).resolves.toEqual({ status: 'ok' });
    expect(calls).toBe(2);
  });

  it("the caller's abort (the browser went away) ends the call with its reason", async () => {
    handle = () => {}; // never answers
    const controller = new AbortController();
    const call = client.requestEndpoint(healthEndpoints.getHealth, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('browser gone')), 20);
    await expect(call).rejects.toThrow('browser gone');
  });

  it('an API that does not answer within HTTP_TIMEOUT_MS is TimeoutError (504)', async () => {
    let requestArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      requestArrived = resolve;
    });
    handle = () => requestArrived(); // never answers
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const call = errorOf(client.requestEndpoint(healthEndpoints.getHealth, {}));
      await arrived;
      vi.advanceTimersByTime(HTTP_TIMEOUT_MS);
      expect(await call).toMatchObject({
        status: 504,
        type: 'TimeoutError',
        message: UNEXPECTED_SERVER_ERROR_MESSAGE,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a file comes as a Response with the API's headers, its body streamed", async () => {
    handle = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="a.pdf"',
      });
      response.end(Buffer.from('%PDF-1.7 fake'));
    };
    const api = client.getApi(new RouterContextProvider());
    const file = await api.fetchFile(healthEndpoints.getHealth, {});
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="a.pdf"');
    expect(await file.text()).toBe('%PDF-1.7 fake');
  });
});
