import { describe, expect, it } from 'vitest';
import { ConfigError, loadWebConfig } from './config.server.ts';

describe('loadWebConfig', () => {
  it('has development defaults: the API on loopback port 4000, cookies decided per request, no tag manager', () => {
    expect(loadWebConfig({})).toEqual({
      nodeEnv: 'development',
      apiUrl: 'http://127.0.0.1:4000',
      cookieSecure: undefined,
      gtmId: undefined,
      imageCacheDir: '.data/image-cache',
      imageCacheMaxBytesPerProcess: 1024 * 1024 * 1024,
      menuExcludedCategoryIds: ['skate-griptape', 'surf-traction-pads'],
      logLevel: 'info',
      rum: null,
    });
  });

  it('reads the environment, dropping trailing slashes of the API address', () => {
    const config = loadWebConfig({
      NODE_ENV: 'production',
      API_URL: 'http://api.internal:4000//',
      COOKIE_SECURE: 'false',
      GTM_ID: ' GTM-ABC123 ',
      PORT: '8080',
      HOST: '0.0.0.0',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      WEB_PROCESSES: '4',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      apiUrl: 'http://api.internal:4000',
      cookieSecure: false,
      gtmId: 'GTM-ABC123',
      imageCacheDir: '.data/image-cache',
      imageCacheMaxBytesPerProcess: 256 * 1024 * 1024,
      menuExcludedCategoryIds: ['skate-griptape', 'surf-traction-pads'],
      logLevel: 'info',
      rum: null,
    });
    expect(loadWebConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('reads the categories the main menu leaves out, or none', () => {
    expect(loadWebConfig({ MENU_EXCLUDED_CATEGORY_IDS: 'snow-goggles , bike-tyres' }).menuExcludedCategoryIds).toEqual([
      'snow-goggles',
      'bike-tyres',
    ]);
    expect(loadWebConfig({ MENU_EXCLUDED_CATEGORY_IDS: 'none' }).menuExcludedCategoryIds).toEqual([]);
    for (const value of ['skate-griptape,', ',skate', 'skate/decks', 'a,,b']) {
      expect(() => loadWebConfig({ MENU_EXCLUDED_CATEGORY_IDS: value }), value).toThrow(
        'MENU_EXCLUDED_CATEGORY_IDS: must be category ids separated by commas, or none',
      );
    }
  });

  it('reads the image cache limit in whole megabytes, at least 1', () => {
    expect(loadWebConfig({ IMAGE_CACHE_MAX_MB: '250' }).imageCacheMaxBytesPerProcess).toBe(250 * 1024 * 1024);
    for (const value of ['0', '-5', '1.5', 'lots']) {
      expect(() => loadWebConfig({ IMAGE_CACHE_MAX_MB: value }), value).toThrow(/IMAGE_CACHE_MAX_MB: must be/);
    }
  });

  it('reads the number of server processes, a whole number from 1 (server.mjs sets it; 1 under the dev server)', () => {
    // each process keeps its own list of the cached images: together they stay within the limit
    expect(loadWebConfig({ IMAGE_CACHE_MAX_MB: '100', WEB_PROCESSES: '3' }).imageCacheMaxBytesPerProcess).toBe(
      Math.floor((100 * 1024 * 1024) / 3),
    );
    for (const value of ['0', '-1', '1.5', 'all']) {
      expect(() => loadWebConfig({ WEB_PROCESSES: value }), value).toThrow(
        'WEB_PROCESSES: must be a whole number of processes, at least 1',
      );
    }
  });

  it('treats empty values as unset', () => {
    expect(loadWebConfig({ API_URL: '', COOKIE_SECURE: ' ', GTM_ID: '', PORT: '' })).toEqual(loadWebConfig({}));
  });

  it('refuses bad values with one line per variable, naming it', () => {
    const load = () =>
      loadWebConfig({
        NODE_ENV: 'staging',
        API_URL: 'api.internal:4000',
        PORT: 'eighty',
        TRUST_PROXY: 'yes please',
        COOKIE_SECURE: 'yes',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      [
        'Invalid storefront configuration:',
        '  NODE_ENV: must be development, production or test',
        '  API_URL: must be an http:// or https:// URL',
        '  PORT: must be a port number',
        '  TRUST_PROXY: must be true, false, a number of proxy hops, or addresses/CIDRs (comma-separated)',
        '  COOKIE_SECURE: must be true or false',
      ].join('\n'),
    );
  });

  it.each(['70000', '-1', '3000.5'])('refuses PORT=%s', (port) => {
    expect(() => loadWebConfig({ PORT: port })).toThrow('PORT: must be a port number');
  });

  it('refuses an API address that is not http or https', () => {
    expect(() => loadWebConfig({ API_URL: 'ftp://api.internal' })).toThrow(
      'API_URL: must be an http:// or https:// URL',
    );
  });
});
