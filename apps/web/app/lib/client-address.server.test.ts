import { describe, expect, it } from 'vitest';
import { getClientAddress } from './client-address.server.ts';

describe('getClientAddress', () => {
  it('reads the address the server recorded', () => {
    const request = new Request('http://shop.test/login', { headers: { 'x-client-address': '203.0.113.7' } });
    expect(getClientAddress(request)).toBe('203.0.113.7');
  });

  it('is undefined when no server recorded one', () => {
    expect(getClientAddress(new Request('http://shop.test/login'))).toBeUndefined();
    expect(
      getClientAddress(new Request('http://shop.test/login', { headers: { 'x-client-address': ' ' } })),
    ).toBeUndefined();
  });
});
