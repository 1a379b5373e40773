/**
 * The API's OpenTelemetry traces (issue 30, ADR 043) against a local OTLP receiver: with OTEL_EXPORTER_OTLP_ENDPOINT
 * set, a request over HTTP is a server span named by its route pattern with a child span per database statement, in
 * one trace; a request carrying a W3C `traceparent` (as the storefront's calls do) continues that trace; work no
 * request waits for (a search index rebuild, a mail's delivery to a real SMTP server on loopback) is a trace of its
 * own; and the configuration refuses tracing settings that would not work, while without an endpoint tracing is off.
 */
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OtlpReceiver,
  type ReceivedSpan,
  SPAN_KIND,
  startOtlpReceiver,
} from '../../../e2e/support/otlp-receiver.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { sendMail } from '../src/modules/mail/mail.ts';
import { type SmtpTestServer, startSmtpTestServer } from './support/smtp-test-server.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let receiver: OtlpReceiver;
let smtp: SmtpTestServer;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  smtp = await startSmtpTestServer();
  // The batch processor's standard setting: spans leave within 50 ms rather than 5 s, so the test waits briefly.
  process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  testApp = await createTestApp({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_SERVICE_NAME: 'api-under-test',
    SMTP_URL: smtp.url,
    MAIL_DELIVERY_INTERVAL_MS: '100',
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the API does not listen');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await testApp?.close();
  await receiver?.close();
  await smtp?.close();
});

const LOGIN_ROUTE = userEndpoints.login.path;

async function logIn(headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}${LOGIN_ROUTE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ area: EU_AREA, username: 'eu-buyer', password: 'demo' }),
  });
}

/** The server span of the login with this trace id, once the receiver has it. */
async function loginSpan(traceId?: string): Promise<ReceivedSpan> {
  let found: ReceivedSpan | undefined;
  await expect
    .poll(() => {
      found = receiver.spans.find(
        (span) =>
          span.kind === SPAN_KIND.server &&
          span.attributes['http.route'] === LOGIN_ROUTE &&
          (traceId === undefined || span.traceId === traceId),
      );
      return found;
    })
    .toBeDefined();
  return found as ReceivedSpan;
}

describe('traces exported by OTLP', () => {
  it('a request is a server span named by its route, with its database statements as child spans of one trace', async () => {
    const response = await logIn();
    expect(response.status).toBe(200);
    const server = await loginSpan();
    expect(server.service).toBe('api-under-test');
    expect(server.name).toBe(`POST ${LOGIN_ROUTE}`);
    expect(server.attributes['http.request.method']).toBe('POST');
    expect(server.attributes['http.response.status_code']).toBe(200);
    expect(server.parentSpanId).toBeUndefined();

    // The statements run after the body is read: they are the request's children all the same.
    await expect
      .poll(() => receiver.spans.filter((span) => span.traceId === server.traceId && span.kind === SPAN_KIND.client))
      .not.toHaveLength(0);
    const statements = receiver.spans.filter(
      (span) => span.traceId === server.traceId && span.kind === SPAN_KIND.client,
    );
    for (const statement of statements) {
      expect(statement.parentSpanId).toBe(server.spanId);
      expect(statement.attributes['db.system.name']).toBe('postgresql');
      expect(String(statement.attributes['db.query.text'])).toMatch(
        /^\s*(select|insert|update|delete|with|begin|commit)/i,
      );
    }
    expect(statements.some((span) => span.name === 'SELECT')).toBe(true);
    expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
  });

  it("a request with a W3C traceparent continues the caller's trace, under the caller's span", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const response = await logIn({ traceparent: `00-${traceId}-${callerSpanId}-01` });
    expect(response.status).toBe(200);
    const server = await loginSpan(traceId);
    expect(server.parentSpanId).toBe(callerSpanId);
    await expect
      .poll(() => receiver.spans.some((span) => span.traceId === traceId && span.parentSpanId === server.spanId))
      .toBe(true);
  });

  it("follows the caller's decision not to record a trace (sampled flag 00): no span of it is sent", async () => {
    const traceId = '5bf92f3577b34da6a3ce929d0e0e4737';
    expect((await logIn({ traceparent: `00-${traceId}-00f067aa0ba902b8-00` })).status).toBe(200);
    // A recorded request after it: once its span has arrived, the unrecorded one's would have too.
    expect((await logIn()).status).toBe(200);
    await expect
      .poll(() => receiver.spans.filter((span) => span.attributes['http.route'] === LOGIN_ROUTE).length)
      .toBe(3);
    expect(receiver.spans.filter((span) => span.traceId === traceId)).toEqual([]);
  });
});

describe('traces of work no request waits for', () => {
  /** The spans of one trace that are children of `parent`. */
  const childrenOf = (parent: ReceivedSpan) =>
    receiver.spans.filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

  it('a search index rebuild is a trace of its own, even when started within another span, with the catalogue reads as its children', async () => {
    // Started within a span (a request's would do the same): the rebuild serves every request, it is no one's child.
    await testApp.app.traceBackground('caller', {}, () => testApp.app.searchIndex.refresh());
    let caller: ReceivedSpan | undefined;
    await expect
      .poll(() => {
        caller = receiver.spans.find((span) => span.name === 'caller');
        return caller;
      })
      .toBeDefined();
    // The rebuild ended before its caller, so it has arrived too: the last one, after the start-up's.
    const rebuilds = receiver.spans.filter((span) => span.name === 'search index rebuild');
    expect(rebuilds.length).toBeGreaterThanOrEqual(2);
    const rebuild = rebuilds.at(-1) as ReceivedSpan;
    expect(rebuild.kind).toBe(SPAN_KIND.internal);
    expect(rebuild.parentSpanId).toBeUndefined();
    expect(rebuild.traceId).not.toBe(caller?.traceId);
    expect(rebuild.attributes['b2b.search.products']).toBe(testApp.app.searchIndex.catalogue.index.size);
    await expect.poll(() => childrenOf(rebuild).some((child) => child.name === 'SELECT')).toBe(true);
    expect(childrenOf(rebuild).every((child) => child.kind === SPAN_KIND.client)).toBe(true);
  });

  it("a mail's delivery is a trace of its own: sent, or failed with the SMTP server's reply; a pass with nothing due makes none", async () => {
    const write = (subject: string) =>
      testApp.db.transaction((tx) =>
        sendMail(tx, { to: 'buyer@example.test', subject, text: 'Hello.', kind: 'order-confirmation' }),
      );
    const deliverySpan = async (mailId: string) => {
      let found: ReceivedSpan | undefined;
      await expect
        .poll(() => {
          found = receiver.spans.find(
            (span) => span.name === 'mail delivery' && span.attributes['b2b.mail.id'] === mailId,
          );
          return found;
        })
        .toBeDefined();
      return found as ReceivedSpan;
    };

    const sent = await deliverySpan((await write('Order confirmed')).id);
    expect(sent.parentSpanId).toBeUndefined();
    expect(sent.attributes['b2b.mail.outcome']).toBe('sent');
    expect(sent.statusCode).not.toBe(2);
    await expect.poll(() => childrenOf(sent).some((child) => child.name === 'UPDATE')).toBe(true);

    smtp.state.reply = 'busy';
    const putOff = await deliverySpan((await write('Order shipped')).id);
    smtp.state.reply = 'accept';
    expect(putOff.attributes['b2b.mail.outcome']).toBe('retrying');
    expect(putOff.statusCode).toBe(2);
    await expect.poll(() => childrenOf(putOff).some((child) => child.name === 'UPDATE')).toBe(true);

    // The passes every 100 ms claim nothing now: no span but the two mails' (and their statements) came meanwhile.
    const deliveries = () => receiver.spans.filter((span) => span.name === 'mail delivery').length;
    const count = deliveries();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(deliveries()).toBe(count);
  });
});

describe('tracing settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };

  it('is off without an OTLP endpoint, whatever else is set', () => {
    expect(loadConfig({ ...base, OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'nonsense' }).tracing).toBeUndefined();
    expect(
      loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }).tracing,
    ).toBeUndefined();
  });

  it('sends to <endpoint>/v1/traces, or to the traces endpoint as given, as b2b-api unless named', () => {
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'b2b-api',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    const tracing = loadConfig({
      ...base,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example/otlp/traces',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).tracing;
    expect(tracing).toMatchObject({ url: 'https://collector.example/otlp/traces', samplerRatio: 0.25 });
  });

  it('refuses a sampler, ratio, protocol or endpoint that would not work, naming each variable', () => {
    const load = () =>
      loadConfig({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        OTEL_TRACES_SAMPLER: 'sometimes',
        OTEL_TRACES_SAMPLER_ARG: '1.5',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/);
    expect(load).toThrow(/OTEL_TRACES_SAMPLER: must be one of/);
    expect(load).toThrow(/OTEL_TRACES_SAMPLER_ARG: must be a ratio from 0 to 1/);
    expect(load).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: must be http\/json/);
  });
});
