/**
 * The API's configuration, read from the environment once at start-up and validated here, so a bad value stops the
 * process with a readable message instead of failing on the first request (the README lists the variables).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MAX_INTEGRITY_TOKEN_LENGTH,
  MAX_INTERNAL_API_SECRET_LENGTH,
  MIN_INTERNAL_API_SECRET_LENGTH,
  SOLUTION_NAME,
} from '@b2b/contract';
import { readTracingSettings, type TracingSettings, tracingSettingProblems } from '@b2b/contract/tracing';
import { z } from 'zod';
import { API_SERVICE_NAME } from './lib/tracing.ts';
import { DEFAULT_SEARCH_INDEX_WORKER_MAX_MB } from './modules/search/search-index.service.ts';

/** The repository root (this file lives at apps/api/src/config.ts). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The file beside the PGlite folder that keeps the key generated on first start when JWT_SECRET is not set (ADR 011):
 * `npm start` and `npm run dev` work without setup, yet no key that anyone can read in the source ever signs a token.
 */
const GENERATED_JWT_SECRET_FILE_NAME = 'jwt-secret';
/** 32 random bytes: the HS256 key length RFC 7518 asks for. */
const GENERATED_JWT_SECRET_BYTES = 32;
const MIN_JWT_SECRET_LENGTH = 32;

const MIN_PERFION_FEED_TOKEN_LENGTH = 16;
const MIN_INTEGRITY_CHECK_TOKEN_LENGTH = 16;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65_535).default(4000).describe('TCP port the API listens on.'),
  API_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe(
      'Interface the API listens on. Loopback by default: the browser talks to the storefront only (ADR 001), which ' +
        'reaches the API on the same host; set 0.0.0.0 (or an address) when the API runs on a host of its own.',
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .describe('Switches from the embedded PGlite to PostgreSQL.'),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .describe(
      'A read replica (a streaming standby) of DATABASE_URL: the search index load, product and document reads go ' +
        'there while it keeps up, everything else to DATABASE_URL (ADR 042). Needs DATABASE_URL.',
    ),
  READ_REPLICA_MAX_LAG_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(2000)
    .describe('How far the read replica may be behind before its reads go to the primary (ADR 042).'),
  PGLITE_DATA_DIR: z.string().min(1).optional().describe('PGlite data folder; default <repo>/.data/pglite.'),
  JWT_SECRET: z
    .string()
    .min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters`)
    .optional()
    .describe(
      'HS256 key for access tokens; required in production. Unset in development: a random key generated on first ' +
        'start and kept in <PGLITE_DATA_DIR>/../jwt-secret.',
    ),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional().describe('pino log level; default info (silent under NODE_ENV=test).'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[\w.:/]+(,\s*[\w.:/]+)*)$/,
      'must be true, false, a number of proxy hops, or addresses/CIDRs/loopback (comma-separated)',
    )
    .default('loopback')
    .describe(
      'Which peers may name the client in X-Forwarded-For. Default `loopback`: the storefront on the same host ' +
        'forwards the browser address, so the login rate limit counts per browser, not per storefront.',
    ),
  PAYMENT_PROVIDER_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('Base URL of the card payment provider HTTP API; unset = no card payment offered.'),
  PAYMENT_PROVIDER_SECRET: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .describe('Secret key sent to the card payment provider as a bearer token.'),
  PAYMENT_RETURN_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'Origin the browser reaches VerifyPaymentRedirect at after the provider page; default http://localhost:<API_PORT>.',
    ),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe(
      'SMTP server the mail outbox is delivered through, e.g. smtp://user:password@mail.example:587 or smtps://…:465; ' +
        'unset = mails stay in the outbox (mail_outbox) undelivered.',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(200)
    .regex(/@/, 'must hold an e-mail address')
    .default(`"${SOLUTION_NAME}" <no-reply@localhost>`)
    .describe('Sender of the shop mails (order confirmations, password recovery).'),
  MAIL_DELIVERY_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(5000)
    .describe('How often the API looks for mails to deliver when SMTP_URL is set.'),
  STOREFRONT_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .describe('Origin of the storefront; VerifyPaymentRedirect sends the browser to its receipt or checkout page.'),
  PERFION_FEED_TOKEN: z
    .string()
    .min(MIN_PERFION_FEED_TOKEN_LENGTH, `must be at least ${MIN_PERFION_FEED_TOKEN_LENGTH} characters`)
    .max(200, 'must be at most 200 characters (the feed call accepts no longer token)')
    .optional()
    .describe('Token the product-information partner sends to feed/PerfionFeed/GetEntries; unset = feed switched off.'),
  INTEGRITY_CHECK_TOKEN: z
    .string()
    .min(MIN_INTEGRITY_CHECK_TOKEN_LENGTH, `must be at least ${MIN_INTEGRITY_CHECK_TOKEN_LENGTH} characters`)
    .max(
      MAX_INTEGRITY_TOKEN_LENGTH,
      `must be at most ${MAX_INTEGRITY_TOKEN_LENGTH} characters (the X-Integrity-Token header accepts no longer one)`,
    )
    .optional()
    .describe(
      "Token a monitor sends in X-Integrity-Token to see Integrity/Check's checks, not only its status; unset = the " +
        'detail is for the back office only.',
    ),
  INTERNAL_API_SECRET: z
    .string()
    .min(MIN_INTERNAL_API_SECRET_LENGTH, `must be at least ${MIN_INTERNAL_API_SECRET_LENGTH} characters`)
    .max(MAX_INTERNAL_API_SECRET_LENGTH, `must be at most ${MAX_INTERNAL_API_SECRET_LENGTH} characters`)
    .optional()
    .describe(
      'Secret the storefront sends with its cache report (ADR 030); the same value in both apps. Required in ' +
        "production; unset elsewhere = the storefront's caches are neither reported nor invalidated.",
    ),
  SEARCH_INDEX_WORKER_MAX_MB: z.coerce
    .number()
    .int()
    .min(64)
    .default(DEFAULT_SEARCH_INDEX_WORKER_MAX_MB)
    .describe(
      'Heap limit (MB) of the worker thread that builds the search index (ADR 041): about 270 MB at 100k products, 580 MB at 300k; ' +
        'a build that needs more fails, is logged and the previous index keeps serving.',
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .optional()
    .describe(
      "Port of the API's Prometheus metrics (GET /metrics), a listener of its own (ADR 039); unset = no metrics " +
        'kept and no port opened. Never the API port: the metrics are not for the public listener.',
    ),
  METRICS_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('Interface the metrics port listens on; loopback by default (a scraper on the same host).'),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** postgres:// URL, or undefined for PGlite. */
  databaseUrl: string | undefined;
  /** The read replica (lib/read-replica.ts, ADR 042); undefined: every read goes to the primary. */
  readReplica: { url: string; maxLagMs: number } | undefined;
  pgliteDataDir: string;
  /** The HS256 key of access tokens: JWT_SECRET, or outside production the generated key (ADR 011). */
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Fastify `trustProxy`: false, true, the number of trusted hops, or trusted addresses (proxy-addr syntax). */
  trustProxy: boolean | number | string;
  payment: PaymentConfig;
  mail: MailConfig;
  /** The partner feed's token (modules/feed); undefined switches the feed off. */
  perfionFeedToken: string | undefined;
  /** The token that shows Integrity/Check's detail to a monitor (modules/health); undefined: back office only. */
  integrityCheckToken: string | undefined;
  /** The secret of the storefront's internal calls (modules/debug, ADR 030); undefined: they all answer 401. */
  internalApiSecret: string | undefined;
  /** Heap limit (MB) of the search index's worker thread (ADR 041). */
  searchIndexWorkerMaxMb: number;
  /** The Prometheus metrics' own listener (modules/metrics, ADR 039); undefined: no metrics are kept. */
  metrics: { host: string; port: number } | undefined;
  /** Traces by OTLP, from the standard OTEL_* variables (lib/tracing.ts, ADR 043); undefined: off, nothing loaded. */
  tracing: TracingSettings | undefined;
};

/** Mail delivery (modules/mail). Without an SMTP URL mails are written to the outbox and stay there. */
export type MailConfig = {
  smtpUrl: string | undefined;
  from: string;
  deliveryIntervalMs: number;
};

/** The card payment provider (modules/payment). Without a provider URL only payment on account is offered. */
export type PaymentConfig = {
  providerUrl: string | undefined;
  providerSecret: string | undefined;
  /** Origin (no trailing slash) of VerifyPaymentRedirect as the browser sees it. */
  returnBaseUrl: string;
  /** Origin (no trailing slash) of the storefront. */
  storefrontUrl: string;
};

/** Thrown by {@link loadConfig}; its message lists every bad variable, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from `env` (normally `process.env`). Without JWT_SECRET in development it
 * reads, or on first start creates, the generated key file beside the PGlite folder.
 * @throws ConfigError naming each variable that is wrong and why.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings count as "not set", as they do in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  // Checked apart from the schema so it is reported together with any other problem.
  // Production runs several instances that must share one key, and a key file on one host would differ per host.
  if (cleaned.NODE_ENV === 'production' && !cleaned.JWT_SECRET) {
    problems.push('JWT_SECRET: is required when NODE_ENV=production');
  }
  if (cleaned.NODE_ENV === 'production' && !cleaned.INTERNAL_API_SECRET) {
    problems.push('INTERNAL_API_SECRET: is required when NODE_ENV=production');
  }
  // The metrics tell how the shop is built and used: they get a listener of their own, never the API's (ADR 039).
  const metricsPort = cleaned.METRICS_PORT === undefined ? undefined : Number(cleaned.METRICS_PORT);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === Number(cleaned.API_PORT ?? 4000)) {
    problems.push("METRICS_PORT: must differ from API_PORT (the metrics are never served on the API's listener)");
  }
  // A replica of the embedded PGlite does not exist: a URL without DATABASE_URL would read another database (ADR 042).
  if (cleaned.DATABASE_READ_URL && !cleaned.DATABASE_URL) {
    problems.push('DATABASE_READ_URL: needs DATABASE_URL (a read replica is a standby of a PostgreSQL primary)');
  }
  problems.push(...tracingSettingProblems(cleaned));
  if (cleaned.PAYMENT_PROVIDER_URL && !cleaned.PAYMENT_PROVIDER_SECRET) {
    problems.push('PAYMENT_PROVIDER_SECRET: is required when PAYMENT_PROVIDER_URL is set');
  }
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`Invalid API configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const parsed = result.data;
  const pgliteDataDir = parsed.PGLITE_DATA_DIR ?? path.join(REPO_ROOT, '.data', 'pglite');
  return {
    nodeEnv: parsed.NODE_ENV,
    port: parsed.API_PORT,
    host: parsed.API_HOST,
    databaseUrl: parsed.DATABASE_URL,
    readReplica:
      parsed.DATABASE_READ_URL === undefined
        ? undefined
        : { url: parsed.DATABASE_READ_URL, maxLagMs: parsed.READ_REPLICA_MAX_LAG_MS },
    pgliteDataDir,
    jwtSecret: parsed.JWT_SECRET ?? readOrCreateJwtSecret(generatedJwtSecretPath(pgliteDataDir)),
    logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    payment: {
      providerUrl: parsed.PAYMENT_PROVIDER_URL,
      providerSecret: parsed.PAYMENT_PROVIDER_SECRET,
      returnBaseUrl: withoutTrailingSlash(parsed.PAYMENT_RETURN_BASE_URL ?? `http://localhost:${parsed.API_PORT}`),
      storefrontUrl: withoutTrailingSlash(parsed.STOREFRONT_URL),
    },
    mail: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.MAIL_FROM,
      deliveryIntervalMs: parsed.MAIL_DELIVERY_INTERVAL_MS,
    },
    perfionFeedToken: parsed.PERFION_FEED_TOKEN,
    integrityCheckToken: parsed.INTEGRITY_CHECK_TOKEN,
    internalApiSecret: parsed.INTERNAL_API_SECRET,
    searchIndexWorkerMaxMb: parsed.SEARCH_INDEX_WORKER_MAX_MB,
    metrics: parsed.METRICS_PORT === undefined ? undefined : { host: parsed.METRICS_HOST, port: parsed.METRICS_PORT },
    tracing: readTracingSettings(cleaned, API_SERVICE_NAME),
  };
}

/** Where the generated key lives: beside the PGlite folder, so it goes with the data it protects (ADR 011). */
export function generatedJwtSecretPath(pgliteDataDir: string): string {
  return path.join(path.dirname(path.resolve(pgliteDataDir)), GENERATED_JWT_SECRET_FILE_NAME);
}

/**
 * The key in `filePath`, or a new random one (base64url) written there readable by its owner only (0600). Created
 * with `wx`, so of two processes starting at once one writes and both read the same key.
 * @throws ConfigError when the file holds no usable key or cannot be written.
 */
function readOrCreateJwtSecret(filePath: string): string {
  try {
    mkdirSync(path.dirname(filePath), { recursive: true });
    writeFileSync(filePath, `${randomBytes(GENERATED_JWT_SECRET_BYTES).toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError(`JWT_SECRET: is not set, and no key could be generated in ${filePath}: ${error}`);
    }
  }
  const secret = readFileSync(filePath, 'utf8').trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(
      `JWT_SECRET: is not set, and ${filePath} holds no key of at least ${MIN_JWT_SECRET_LENGTH} characters ` +
        '(delete the file to generate a new one)',
    );
  }
  return secret;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
