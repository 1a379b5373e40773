/**
 * A local test double of the card payment provider's HTTP API (the shape http-payment-provider.ts speaks): a real
 * node:http server on a free loopback port, so the adapter is tested over real HTTP without mocking our own code.
 * Tests drive the buyer's side with `settle()` (what the provider's payment page would do) and can make the next
 * calls fail with `failNext()`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DoubleIntent = {
  id: string;
  status: 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  amount: number;
  currency: string;
  reference: string;
  redirectUrl: string;
  returnUrl: string;
};

export type RecordedRequest = { method: string; path: string; authorization?: string; idempotencyKey?: string };

export type PaymentProviderDouble = {
  url: string;
  secret: string;
  intents: Map<string, DoubleIntent>;
  requests: RecordedRequest[];
  /** Sets the status of an intent, as the buyer completing (or abandoning) the provider's page would. */
  settle(id: string, status: DoubleIntent['status']): void;
  /** The intent created for our reference (our payment id). */
  intentOfReference(reference: string): DoubleIntent | undefined;
  /** The next `count` requests answer this HTTP status. */
  failNext(status: number, count?: number): void;
  close(): Promise<void>;
};

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startPaymentProviderDouble(secret = 'double-secret-123'): Promise<PaymentProviderDouble> {
  const intents = new Map<string, DoubleIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  let failures: { status: number; count: number } | null = null;
  let url = '';

  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    requests.push({
      method: request.method ?? '',
      path,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      ...(typeof request.headers['idempotency-key'] === 'string'
        ? { idempotencyKey: request.headers['idempotency-key'] }
        : {}),
    });
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return send(response, failures.status, { error: 'injected failure' });
    }
    if (request.headers.authorization !== `Bearer ${secret}`) return send(response, 401, { error: 'bad key' });

    if (request.method === 'POST' && path === '/v1/payment-intents') {
      const key = request.headers['idempotency-key'];
      const existingId = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (existingId) return send(response, 200, intents.get(existingId));
      const body = (await readJson(request)) as {
        amount: number;
        currency: string;
        reference: string;
        returnUrl: string;
      };
      if (!Number.isInteger(body?.amount) || body.amount <= 0) return send(response, 400, { error: 'bad amount' });
      const id = `pi_${randomUUID().replaceAll('-', '')}`;
      const intent: DoubleIntent = {
        id,
        status: 'requires_action',
        amount: body.amount,
        currency: body.currency,
        reference: body.reference,
        returnUrl: body.returnUrl,
        redirectUrl: `${url}/pay/${id}`,
      };
      intents.set(id, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, id);
      return send(response, 201, intent);
    }
    const match = /^\/v1\/payment-intents\/([^/?]+)$/.exec(path);
    if (request.method === 'GET' && match?.[1]) {
      const intent = intents.get(decodeURIComponent(match[1]));
      return intent ? send(response, 200, intent) : send(response, 404, { error: 'no such intent' });
    }
    return send(response, 404, { error: 'no such route' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secret,
    intents,
    requests,
    settle(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = status;
    },
    intentOfReference(reference) {
      return [...intents.values()].find((intent) => intent.reference === reference);
    },
    failNext(status, count = 1) {
      failures = { status, count };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
