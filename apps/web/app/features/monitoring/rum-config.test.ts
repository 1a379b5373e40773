import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { CONFIG_SERVICE, createServiceFactory } from '@elastic/apm-rum-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadWebConfig } from '~/lib/config.server.ts';
import { agentConfig, intakeUrl, probeIntake } from './rum-config.ts';

const SETTINGS = {
  serverUrl: 'https://apm.example.com:8200',
  serviceName: 'b2b shop',
  environment: 'prod',
  sampleRate: 1,
};

/** The RUM agent's configuration service, with its defaults and its own validation. */
function agentConfigService() {
  return createServiceFactory().getService(CONFIG_SERVICE) as {
    config: Record<string, unknown>;
    validate(properties: Record<string, unknown>): { invalid: { key: string }[] };
  };
}

/** A constant of the agent's built source (not exported): how the agent uses it is its own. */
function agentConstant(file: string, name: string): number {
  const source = readFileSync(createRequire(import.meta.url).resolve(`@elastic/apm-rum-core/dist/es/${file}`), 'utf8');
  const expression = new RegExp(`var ${name} = ([\\d *]+);`).exec(source)?.[1];
  if (expression === undefined) throw new Error(`${name} is no longer in ${file}`);
  return expression.split('*').reduce((product, factor) => product * Number(factor.trim()), 1);
}

describe("spec §9's monitoring figures are the agent's defaults (ADR 033)", () => {
  it('sample rate 1, at most 80 events a minute, a flush every 500 ms, no session setting overridden but on', () => {
    const defaults = agentConfigService().config;
    expect(defaults.transactionSampleRate).toBe(1);
    expect(defaults.eventsLimit).toBe(80);
    expect(defaults.flushInterval).toBe(500);
    // our configuration leaves them to the agent (and the sample rate's default setting is 1)
    const ours = agentConfig(
      { ...SETTINGS, sampleRate: loadWebConfig({ RUM_SERVER_URL: 'http://a' }).rum?.sampleRate ?? 0 },
      'root',
    );
    expect(ours).not.toHaveProperty('eventsLimit');
    expect(ours).not.toHaveProperty('flushInterval');
    expect(ours.transactionSampleRate).toBe(1);
    expect(ours.session).toBe(true);
  });

  it('request timeout 10 s, session expiry 30 min, managed transactions over 60 s dropped', () => {
    expect(agentConstant('common/constants.js', 'HTTP_REQUEST_TIMEOUT')).toBe(10_000);
    expect(agentConstant('common/constants.js', 'SESSION_TIMEOUT')).toBe(30 * 60_000);
    expect(agentConstant('performance-monitoring/performance-monitoring.js', 'TRANSACTION_DURATION_THRESHOLD')).toBe(
      60_000,
    );
  });
});

describe('the tracking settings, validated at start', () => {
  it('are off without RUM_SERVER_URL', () => {
    expect(loadWebConfig({}).rum).toBeNull();
  });

  it('read the intake, service name, environment and sample rate', () => {
    expect(
      loadWebConfig({
        RUM_SERVER_URL: 'https://apm.example.com:8200/',
        RUM_SERVICE_NAME: 'B2B shop_web-1',
        RUM_ENVIRONMENT: 'production',
        RUM_SAMPLE_RATE: '0.25',
      }).rum,
    ).toEqual({
      serverUrl: 'https://apm.example.com:8200',
      serviceName: 'B2B shop_web-1',
      environment: 'production',
      sampleRate: 0.25,
    });
  });

  it.each([
    ['RUM_SERVICE_NAME', 'shop.web', 'RUM_SERVICE_NAME: must be letters, digits, spaces, underscores or hyphens only'],
    ['RUM_SERVICE_NAME', 'shöp', 'RUM_SERVICE_NAME: must be letters, digits, spaces, underscores or hyphens only'],
    ['RUM_SAMPLE_RATE', '1.5', 'RUM_SAMPLE_RATE: must be a number from 0 to 1'],
    ['RUM_SAMPLE_RATE', '-0.1', 'RUM_SAMPLE_RATE: must be a number from 0 to 1'],
    ['RUM_SAMPLE_RATE', 'all', 'RUM_SAMPLE_RATE: must be a number from 0 to 1'],
    ['RUM_SERVER_URL', 'apm:8200', 'RUM_SERVER_URL: must be an http:// or https:// URL'],
  ])('refuse %s=%s with a message naming it', (name, value, message) => {
    const load = () => loadWebConfig({ RUM_SERVER_URL: 'http://127.0.0.1:8200', [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it("agree with the agent's own checks of the service name and sample rate", () => {
    const agent = agentConfigService();
    const cases: [string, string][] = [
      ['RUM_SERVICE_NAME', 'shop web_1-a'],
      ['RUM_SERVICE_NAME', 'shop/web'],
      ['RUM_SERVICE_NAME', 'shop:web'],
      ['RUM_SAMPLE_RATE', '0'],
      ['RUM_SAMPLE_RATE', '1'],
      ['RUM_SAMPLE_RATE', '1.01'],
    ];
    for (const [name, value] of cases) {
      const oursAccepts = (() => {
        try {
          loadWebConfig({ RUM_SERVER_URL: 'http://127.0.0.1:8200', [name]: value });
          return true;
        } catch {
          return false;
        }
      })();
      const property = name === 'RUM_SERVICE_NAME' ? { serviceName: value } : { transactionSampleRate: Number(value) };
      const agentAccepts =
        agent.validate({ serviceName: 'shop', serverUrl: 'http://127.0.0.1:8200', ...property }).invalid.length === 0;
      expect(oursAccepts, `${name}=${value}`).toBe(agentAccepts);
    }
  });
});

describe('the OPTIONS reachability probe', () => {
  let intake: Server;
  let baseUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    intake = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (request.url?.startsWith('/slow')) return; // never answers
      response.writeHead(request.url?.startsWith('/missing') ? 404 : 204).end();
    });
    await new Promise<void>((resolve) => intake.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(intake.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    intake.closeAllConnections();
    intake.close();
  });

  it('asks the intake with OPTIONS and takes a success for reachable', async () => {
    await expect(probeIntake(baseUrl)).resolves.toBe(true);
    expect(seen).toContain('OPTIONS /intake/v2/rum/events');
    expect(intakeUrl(baseUrl)).toBe(`${baseUrl}/intake/v2/rum/events`);
  });

  it('takes an error status, a closed port or a timeout for unreachable', async () => {
    await expect(probeIntake(`${baseUrl}/missing`)).resolves.toBe(false);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(probeIntake(closedUrl)).resolves.toBe(false);
    await expect(probeIntake(`${baseUrl}/slow`, fetch, 200)).resolves.toBe(false);
  });
});
