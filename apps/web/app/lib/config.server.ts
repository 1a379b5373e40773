/**
 * The storefront's configuration, read from the environment once as the server loads and validated here, as the API
 * does with its own (apps/api/src/config.ts): a bad value stops the start with a message naming the variable instead
 * of failing on some request later. Server code reads `webConfig`, never `process.env` (the README lists the
 * variables).
 *
 * server.mjs, plain JavaScript run by Node alone, reads PORT, HOST, TRUST_PROXY and WEB_PROCESSES itself because it
 * sets up Express and its processes around the app. They are checked here all the same: server.mjs loads the app (and
 * so this module) before it listens, so a typo in them stops the start too.
 */
import { readTracingSettings, type TracingSettings, tracingSettingProblems } from '@b2b/contract/tracing';
import { z } from 'zod';

/** The storefront's default OTEL_SERVICE_NAME (ADR 043). */
const WEB_SERVICE_NAME = 'b2b-web';

/** The same forms as the API's TRUST_PROXY (Express and Fastify read them alike). */
const TRUST_PROXY_PATTERN = /^(true|false|\d+|[\w.:/]+(,\s*[\w.:/]+)*)$/;

/**
 * spec §2 Menus: two category ids are left out of the main menu. Griptape and traction pads are accessories found
 * through search and on the product pages of boards; leaving them out keeps the mega menu's columns short.
 */
const DEFAULT_MENU_EXCLUDED_CATEGORY_IDS = 'skate-griptape,surf-traction-pads';
/** `none`, or category ids (letters, digits, `-`, `_`) separated by commas, spaces allowed around them. */
const CATEGORY_ID_LIST_PATTERN = /^(none|[\w-]+(\s*,\s*[\w-]+)*)$/;

/** The API's levels (apps/api/src/config.ts): pino's. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** What the monitoring agent accepts as a service name (spec §7 Monitoring, ADR 033). */
const RUM_SERVICE_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('http://127.0.0.1:4000')
    .describe("Where the storefront's server side reaches the API; the browser never calls it (ADR 001)."),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65_535, 'must be a port number')
    .default(3000)
    .describe('Port of the storefront (read by server.mjs).'),
  HOST: z.string().optional().describe('Interface the storefront listens on; unset = all (read by server.mjs).'),
  TRUST_PROXY: z
    .string()
    .regex(TRUST_PROXY_PATTERN, 'must be true, false, a number of proxy hops, or addresses/CIDRs (comma-separated)')
    .optional()
    .describe('Which peers may name the browser in X-Forwarded-For; unset = none (read by server.mjs).'),
  WEB_PROCESSES: z.coerce
    .number({ error: 'must be a whole number of processes, at least 1' })
    .int('must be a whole number of processes, at least 1')
    .min(1, 'must be a whole number of processes, at least 1')
    .default(1)
    .describe('How many server processes server.mjs runs (unset there: one per core, and it sets the count here).'),
  COOKIE_SECURE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .describe('Forces the Secure flag of the token cookies on or off.'),
  GTM_ID: z.string().optional().describe('Tag-manager container id (spec §5); unset = no tag manager.'),
  IMAGE_CACHE_DIR: z
    .string()
    .default('.data/image-cache')
    .describe('Folder of the resized images (/images/{resize}/…, ADR 015); relative to the working directory.'),
  IMAGE_CACHE_MAX_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1')
    .default(1024)
    .describe('Most the resized images may take on disk, in megabytes (MiB); the ones used longest ago go first.'),
  INTERNAL_API_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe(
      'Secret shared with the API (the same INTERNAL_API_SECRET): this process reports its caches and learns cache ' +
        'invalidations with it (ADR 030); unset = neither, and the back office does not list this process.',
    ),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .optional()
    .describe('pino log level of the server (lib/logger.server.ts); default info (silent under NODE_ENV=test).'),
  RUM_SERVER_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .describe(
      "Real-user monitoring's intake (an Elastic APM server, ADR 033); set = tracking on: pages load the agent.",
    ),
  RUM_SERVICE_NAME: z
    .string()
    .regex(RUM_SERVICE_NAME_PATTERN, 'must be letters, digits, spaces, underscores or hyphens only')
    .default('b2b-storefront')
    .describe('Service name the monitoring events carry.'),
  RUM_ENVIRONMENT: z
    .string()
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe('Environment name the monitoring events carry (e.g. production); unset = none.'),
  RUM_SAMPLE_RATE: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(1)
    .describe('Share of page loads and navigations traced, 0 to 1 (spec §9: 1).'),
  WEB_METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65_535, 'must be a port number')
    .optional()
    .describe(
      "Port of the storefront's Prometheus metrics (GET /metrics), one for all its server processes (ADR 039); " +
        'unset = no metrics kept and no port opened. Never PORT (read by server.mjs too).',
    ),
  WEB_METRICS_HOST: z
    .string()
    .default('127.0.0.1')
    .describe('Interface the metrics port listens on; loopback by default (read by server.mjs).'),
  MENU_EXCLUDED_CATEGORY_IDS: z
    .string()
    .regex(CATEGORY_ID_LIST_PATTERN, 'must be category ids separated by commas, or none')
    .default(DEFAULT_MENU_EXCLUDED_CATEGORY_IDS)
    .describe('Categories the main menu leaves out, at every depth (spec §2 Menus); `none` keeps them all.'),
});

export type WebConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  /** Base address of the API, without a trailing slash. */
  apiUrl: string;
  /**
   * COOKIE_SECURE: true or false forces the Secure flag of the token cookies; undefined leaves the choice to the
   * request (session.server.ts: Secure in production except on plain-http loopback hosts).
   */
  cookieSecure: boolean | undefined;
  /**
   * GTM_ID as set, trimmed; undefined when unset. Checking it against spec §5's pattern is the tracking feature's
   * (gtm-id.ts): an invalid id is logged and never loaded, and the shop still starts.
   */
  gtmId: string | undefined;
  /** IMAGE_CACHE_DIR: where resized images are kept (ADR 015). */
  imageCacheDir: string;
  /**
   * IMAGE_CACHE_MAX_MB in bytes, shared among the WEB_PROCESSES server processes: each keeps its own list of the
   * files (ADR 015), so each gets its share and all of them together stay within the limit.
   */
  imageCacheMaxBytesPerProcess: number;
  /** MENU_EXCLUDED_CATEGORY_IDS as a list; empty when set to `none`. */
  menuExcludedCategoryIds: string[];
  /** INTERNAL_API_SECRET: the secret of the cache report call (lib/cache-usage.server.ts); undefined: no reports. */
  internalApiSecret: string | undefined;
  /** LOG_LEVEL: the server log's level (lib/logger.server.ts). */
  logLevel: (typeof LOG_LEVELS)[number];
  /** The RUM_* settings: real-user monitoring in the browser (ADR 033); null when RUM_SERVER_URL is unset. */
  rum: RumSettings | null;
  /** WEB_METRICS_HOST and WEB_METRICS_PORT (lib/metrics.server.ts, ADR 039); undefined: no metrics are kept. */
  metrics: { host: string; port: number } | undefined;
  /** Traces by OTLP from the standard OTEL_* variables (lib/tracing.server.ts, ADR 043); undefined: off. */
  tracing: TracingSettings | undefined;
};

export type RumSettings = {
  /** The intake's base address, without a trailing slash (the agent posts to `<serverUrl>/intake/v2/rum/events`). */
  serverUrl: string;
  serviceName: string;
  environment: string | undefined;
  /** 0 to 1. */
  sampleRate: number;
};

/** Thrown by {@link loadWebConfig}; its message lists every bad variable, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from `env` (normally `process.env`). Empty values count as unset, as they
 * do in most .env tooling and in the API.
 * @throws ConfigError naming each variable that is wrong and why.
 */
export function loadWebConfig(env: Record<string, string | undefined>): WebConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env)
      .map(([name, value]) => [name, value?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  const tracingProblems = tracingSettingProblems(cleaned).map((problem) => `  ${problem}`);
  if (!result.success || tracingProblems.length > 0) {
    const problems = [
      ...(result.error?.issues ?? []).map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`),
      ...tracingProblems,
    ];
    throw new ConfigError(`Invalid storefront configuration:\n${problems.join('\n')}`);
  }
  const parsed = result.data;
  // The metrics tell how the shop is built and used: a listener of their own, never the storefront's (ADR 039).
  if (
    parsed.WEB_METRICS_PORT !== undefined &&
    parsed.WEB_METRICS_PORT !== 0 &&
    parsed.WEB_METRICS_PORT === parsed.PORT
  ) {
    throw new ConfigError(
      "Invalid storefront configuration:\n  WEB_METRICS_PORT: must differ from PORT (the metrics are never served on the storefront's port)",
    );
  }
  return {
    nodeEnv: parsed.NODE_ENV,
    apiUrl: parsed.API_URL.replace(/\/+$/, ''),
    cookieSecure: parsed.COOKIE_SECURE === undefined ? undefined : parsed.COOKIE_SECURE === 'true',
    gtmId: parsed.GTM_ID,
    imageCacheDir: parsed.IMAGE_CACHE_DIR,
    imageCacheMaxBytesPerProcess: Math.floor((parsed.IMAGE_CACHE_MAX_MB * 1024 * 1024) / parsed.WEB_PROCESSES),
    menuExcludedCategoryIds:
      parsed.MENU_EXCLUDED_CATEGORY_IDS === 'none'
        ? []
        : parsed.MENU_EXCLUDED_CATEGORY_IDS.split(',').map((id) => id.trim()),
    internalApiSecret: parsed.INTERNAL_API_SECRET,
    logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
    rum:
      parsed.RUM_SERVER_URL === undefined
        ? null
        : {
            serverUrl: parsed.RUM_SERVER_URL.replace(/\/+$/, ''),
            serviceName: parsed.RUM_SERVICE_NAME,
            environment: parsed.RUM_ENVIRONMENT,
            sampleRate: parsed.RUM_SAMPLE_RATE,
          },
    metrics:
      parsed.WEB_METRICS_PORT === undefined
        ? undefined
        : { host: parsed.WEB_METRICS_HOST, port: parsed.WEB_METRICS_PORT },
    tracing: readTracingSettings(cleaned, WEB_SERVICE_NAME),
  };
}

/** The configuration of this process, read when the server bundle loads (so at start in production). */
export const webConfig: WebConfig = loadWebConfig(process.env);
