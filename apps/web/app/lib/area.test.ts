import { describe, expect, it } from 'vitest';
import { buildAreaInfo, getAreaIdFromHost, getHostName } from './area.ts';

describe('getAreaIdFromHost (spec §1)', () => {
  it.each([
    ['shop.us.example.com', 'us'],
    ['us.localhost:3000', 'us'],
    ['b2b-usa.example.com', 'us'],
    ['SHOP.US.EXAMPLE.COM', 'us'],
    ['shop.eu.example.com', 'eu'],
    ['localhost:3000', 'eu'],
    ['127.0.0.1:3000', 'eu'],
    ['', 'eu'],
    [null, 'eu'],
    [undefined, 'eu'],
  ])('%s → %s', (host, expected) => {
    expect(getAreaIdFromHost(host)).toBe(expected);
  });

  // spec §1 says "host name", and a port is no part of it: the "us" in a port must not switch the area.
  it('ignores the port: "localhost:8us" is not a us host', () => {
    expect(getAreaIdFromHost('localhost:8us')).toBe('eu');
    expect(getAreaIdFromHost('127.0.0.1:8us')).toBe('eu');
    expect(getAreaIdFromHost('us.localhost:8080')).toBe('us');
    expect(getHostName('localhost:8us')).toBe('localhost');
    expect(getHostName('[::1]:3000')).toBe('::1');
    expect(getHostName('Example.com:443')).toBe('example.com');
  });
});

describe('buildAreaInfo (spec §1)', () => {
  it('forces en-GB and takes the area currency by default', () => {
    expect(buildAreaInfo('eu')).toEqual({ areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' });
    expect(buildAreaInfo('us')).toEqual({ areaId: 'us', languageCode: 'en-GB', currencyCode: 'USD' });
  });

  it("uses the customer's currency when present", () => {
    expect(buildAreaInfo('eu', 'XNOK').currencyCode).toBe('XNOK');
    expect(buildAreaInfo('us', null).currencyCode).toBe('USD');
    expect(buildAreaInfo('us', '').currencyCode).toBe('USD');
  });
});
