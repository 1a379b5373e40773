import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_JWT_SECRET, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      jwtSecret: DEVELOPMENT_JWT_SECRET,
      logLevel: 'info',
      trustProxy: 'loopback',
    });
    expect(config.pgliteDataDir).toMatch(/\.data[/\\]pglite$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      API_PORT: '8080',
      API_HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      PGLITE_DATA_DIR: '/tmp/x',
      JWT_SECRET: 'x'.repeat(32),
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
    });
  });

  it('reads the mail settings and refuses an SMTP URL of another scheme', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://shop:secret@mail.example:465', MAIL_FROM: 'Shop <shop@example.com>' }).mail,
    ).toEqual({
      smtpUrl: 'smtps://shop:secret@mail.example:465',
      from: 'Shop <shop@example.com>',
      deliveryIntervalMs: 5000,
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
  });

  it('reads trusted proxies as hops, booleans or address lists', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'every one!' })).toThrow(/TRUST_PROXY/);
  });

  it('is silent under test and treats empty strings as unset', () => {
    expect(loadConfig({ NODE_ENV: 'test', API_PORT: '' })).toMatchObject({ logLevel: 'silent', port: 4000 });
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
    }
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET: must be at least 32 characters');
  });
});
