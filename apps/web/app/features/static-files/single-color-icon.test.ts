import { describe, expect, it } from 'vitest';
import { singleColorIconResponse } from './single-color-icon.ts';

const at = (query: string) => new URL(`http://shop.test/images/svg/singlecolor/x${query}`);

describe('singleColorIconResponse (/images/svg/singlecolor/{hex})', () => {
  it('draws the named icon in the colour, as a cacheable SVG that cannot run script', async () => {
    const response = singleColorIconResponse('1F2937', at('?icon=cart'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*stroke="#1f2937"[^>]*>/);
    // nothing but the svg element and its paths
    expect([...svg.matchAll(/<([a-zA-Z]+)/g)].map((match) => match[1])).toEqual(['svg', 'path', 'path', 'path']);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('takes three hex digits as they are', async () => {
    const svg = await singleColorIconResponse('0aF', at('?icon=check')).text();
    expect(svg).toContain('stroke="#0af"');
  });

  it('has every icon of the set: cart, heart, user, search, menu, close, check', () => {
    for (const icon of ['cart', 'heart', 'user', 'search', 'menu', 'close', 'check']) {
      expect(singleColorIconResponse('000', at(`?icon=${icon}`)).status, icon).toBe(200);
    }
  });

  it.each([
    '#fff',
    'ggg',
    '12',
    '1234',
    '12345',
    '1234567',
    'fff\u0000',
    '../../etc/passwd',
    'ffffff"/><script>alert(1)</script>',
    'f'.repeat(5000),
    '',
    undefined,
  ])('refuses the colour %j with 400', async (hex) => {
    const response = singleColorIconResponse(hex, at('?icon=cart'));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Invalid hex');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('refuses a missing or repeated icon name with 400 and an unknown one with 404', async () => {
    expect(singleColorIconResponse('fff', at('')).status).toBe(400);
    expect(singleColorIconResponse('fff', at('?icon=')).status).toBe(400);
    expect(singleColorIconResponse('fff', at('?icon=cart&icon=heart')).status).toBe(400);
    for (const icon of ['unicorn', '__proto__', 'toString', 'constructor', '../cart', 'cart%00', 'CART']) {
      expect(singleColorIconResponse('fff', at(`?icon=${encodeURIComponent(icon)}`)).status, icon).toBe(404);
    }
  });
});
