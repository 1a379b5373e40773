import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, generatedJwtSecretPath, loadConfig } from './config.ts';

/** A data folder of its own, so no test writes a key file into the repository's .data. */
const dataRoot = mkdtempSync(path.join(tmpdir(), 'b2b-config-'));
const PGLITE_DATA_DIR = path.join(dataRoot, 'pglite');
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has development defaults: the API on loopback only', () => {
    const config = loadConfig({ PGLITE_DATA_DIR });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: 'loopback',
    });
  });

  it('keeps the default PGlite folder below the repository', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(config.pgliteDataDir).toMatch(/\.data[/\\]pglite$/);
  });

  it('generates a random key on first start, readable by its owner only, and keeps it for the next start', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'b2b-key-'));
    try {
      const dataDir = path.join(folder, 'pglite');
      const first = loadConfig({ PGLITE_DATA_DIR: dataDir }).jwtSecret;
      const keyFile = path.join(folder, 'jwt-secret');
      expect(generatedJwtSecretPath(dataDir)).toBe(keyFile);
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
      expect(readFileSync(keyFile, 'utf8').trim()).toBe(first);
      if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(loadConfig({ PGLITE_DATA_DIR: dataDir }).jwtSecret).toBe(first);
      expect(loadConfig({ PGLITE_DATA_DIR: path.join(dataRoot, 'other', 'pglite') }).jwtSecret).not.toBe(first);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('prefers JWT_SECRET to the generated key and refuses a key file without a usable key', () => {
    expect(loadConfig({ PGLITE_DATA_DIR, JWT_SECRET: 'y'.repeat(32) }).jwtSecret).toBe('y'.repeat(32));
    const folder = mkdtempSync(path.join(tmpdir(), 'b2b-key-'));
    try {
      writeFileSync(path.join(folder, 'jwt-secret'), 'short\n');
      expect(() => loadConfig({ PGLITE_DATA_DIR: path.join(folder, 'pglite') })).toThrow(/jwt-secret holds no key/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      API_PORT: '8080',
      API_HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      PGLITE_DATA_DIR: '/tmp/x',
      JWT_SECRET: 'x'.repeat(32),
      INTERNAL_API_SECRET: 'i'.repeat(32),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://shop@db:5432/shop',
      pgliteDataDir: '/tmp/x',
      jwtSecret: 'x'.repeat(32),
      logLevel: 'warn',
      trustProxy: 1,
      payment: {
        providerUrl: undefined,
        providerSecret: undefined,
        returnBaseUrl: 'http://localhost:8080',
        storefrontUrl: 'http://localhost:3000',
      },
      mail: { smtpUrl: undefined, from: '"Ridgeline B2B" <no-reply@localhost>', deliveryIntervalMs: 5000 },
      perfionFeedToken: undefined,
      internalApiSecret: 'i'.repeat(32),
      searchIndexWorkerMaxMb: 1024,
    });
  });

  it('reads a read replica only beside DATABASE_URL, with 2 s of lag allowed by default (ADR 042)', () => {
    const primary = 'postgres://shop@db:5432/shop';
    const replica = 'postgres://shop@db-replica:5432/shop';
    expect(loadConfig({ PGLITE_DATA_DIR }).readReplica).toBeUndefined();
    expect(loadConfig({ PGLITE_DATA_DIR, DATABASE_URL: primary, DATABASE_READ_URL: replica }).readReplica).toEqual({
      url: replica,
      maxLagMs: 2000,
    });
    expect(
      loadConfig({ PGLITE_DATA_DIR, DATABASE_URL: primary, DATABASE_READ_URL: replica, READ_REPLICA_MAX_LAG_MS: '500' })
        .readReplica,
    ).toEqual({ url: replica, maxLagMs: 500 });
    expect(() => loadConfig({ PGLITE_DATA_DIR, DATABASE_READ_URL: replica })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ PGLITE_DATA_DIR, DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://x' })).toThrow(
      /DATABASE_READ_URL: must be a postgres/,
    );
  });

  it('reads the mail settings and refuses an SMTP URL of another scheme', () => {
    expect(
      loadConfig({
        PGLITE_DATA_DIR,
        SMTP_URL: 'smtps://shop:secret@mail.example:465',
        MAIL_FROM: 'Shop <shop@example.com>',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://shop:secret@mail.example:465',
      from: 'Shop <shop@example.com>',
      deliveryIntervalMs: 5000,
    });
    expect(() => loadConfig({ PGLITE_DATA_DIR, SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ PGLITE_DATA_DIR, MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
  });

  it('reads the partner feed token and refuses one shorter than 16 characters', () => {
    expect(loadConfig({ PGLITE_DATA_DIR, PERFION_FEED_TOKEN: 'feed-token-16-ch' }).perfionFeedToken).toBe(
      'feed-token-16-ch',
    );
    expect(() => loadConfig({ PGLITE_DATA_DIR, PERFION_FEED_TOKEN: 'too-short' })).toThrow(
      'PERFION_FEED_TOKEN: must be at least 16 characters',
    );
  });

  it('reads the integrity token and refuses one shorter than 16 characters', () => {
    expect(loadConfig({ PGLITE_DATA_DIR }).integrityCheckToken).toBeUndefined();
    expect(loadConfig({ PGLITE_DATA_DIR, INTEGRITY_CHECK_TOKEN: 'monitor-token-16' }).integrityCheckToken).toBe(
      'monitor-token-16',
    );
    expect(() => loadConfig({ PGLITE_DATA_DIR, INTEGRITY_CHECK_TOKEN: 'too-short' })).toThrow(
      'INTEGRITY_CHECK_TOKEN: must be at least 16 characters',
    );
  });

  it('reads trusted proxies as hops, booleans or address lists', () => {
    expect(loadConfig({ PGLITE_DATA_DIR, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ PGLITE_DATA_DIR, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ PGLITE_DATA_DIR, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
    expect(() => loadConfig({ PGLITE_DATA_DIR, TRUST_PROXY: 'every one!' })).toThrow(/TRUST_PROXY/);
  });

  it('is silent under test and treats empty strings as unset', () => {
    expect(loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR, API_PORT: '' })).toMatchObject({
      logLevel: 'silent',
      port: 4000,
    });
  });

  it('fails fast with every problem named', () => {
    const load = () =>
      loadConfig({ NODE_ENV: 'production', API_PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Invalid API configuration:');
      expect(message).toContain('API_PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('LOG_LEVEL');
      expect(message).toContain('JWT_SECRET: is required when NODE_ENV=production');
      expect(message).toContain('INTERNAL_API_SECRET: is required when NODE_ENV=production');
    }
  });

  it("reads the search index worker's heap limit and refuses one too small to build an index (ADR 041)", () => {
    expect(loadConfig({ PGLITE_DATA_DIR, SEARCH_INDEX_WORKER_MAX_MB: '2048' }).searchIndexWorkerMaxMb).toBe(2048);
    expect(() => loadConfig({ PGLITE_DATA_DIR, SEARCH_INDEX_WORKER_MAX_MB: '32' })).toThrow(
      /SEARCH_INDEX_WORKER_MAX_MB/,
    );
    expect(() => loadConfig({ PGLITE_DATA_DIR, SEARCH_INDEX_WORKER_MAX_MB: 'lots' })).toThrow(
      /SEARCH_INDEX_WORKER_MAX_MB/,
    );
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET: must be at least 32 characters');
  });
});
