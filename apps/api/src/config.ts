/**
 * The API's configuration, read from the environment once at start-up and validated here, so a bad value stops the
 * process with a readable message instead of failing on the first request (the README lists the variables).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOLUTION_NAME } from '@b2b/contract';
import { z } from 'zod';

/** The repository root (this file lives at apps/api/src/config.ts). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Used when JWT_SECRET is not set outside production, so `npm run dev` works without setup. Tokens signed with it
 * are worthless anywhere else; production refuses to start without a real secret.
 */
export const DEVELOPMENT_JWT_SECRET = 'development-only-jwt-secret-do-not-use-in-production';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_PORT: z.coerce.number().int().min(0).max(65_535).default(4000).describe('TCP port the API listens on.'),
  API_HOST: z.string().min(1).default('0.0.0.0').describe('Interface the API listens on.'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .describe('Switches from the embedded PGlite to PostgreSQL.'),
  PGLITE_DATA_DIR: z.string().min(1).optional().describe('PGlite data folder; default <repo>/.data/pglite.'),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe('HS256 key for access tokens; required in production.'),
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
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** postgres:// URL, or undefined for PGlite. */
  databaseUrl: string | undefined;
  pgliteDataDir: string;
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Fastify `trustProxy`: false, true, the number of trusted hops, or trusted addresses (proxy-addr syntax). */
  trustProxy: boolean | number | string;
  payment: PaymentConfig;
  mail: MailConfig;
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
 * Reads and validates the configuration from `env` (normally `process.env`).
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
  if (cleaned.NODE_ENV === 'production' && !cleaned.JWT_SECRET) {
    problems.push('JWT_SECRET: is required when NODE_ENV=production');
  }
  if (cleaned.PAYMENT_PROVIDER_URL && !cleaned.PAYMENT_PROVIDER_SECRET) {
    problems.push('PAYMENT_PROVIDER_SECRET: is required when PAYMENT_PROVIDER_URL is set');
  }
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`Invalid API configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const parsed = result.data;
  return {
    nodeEnv: parsed.NODE_ENV,
    port: parsed.API_PORT,
    host: parsed.API_HOST,
    databaseUrl: parsed.DATABASE_URL,
    pgliteDataDir: parsed.PGLITE_DATA_DIR ?? path.join(REPO_ROOT, '.data', 'pglite'),
    jwtSecret: parsed.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
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
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
