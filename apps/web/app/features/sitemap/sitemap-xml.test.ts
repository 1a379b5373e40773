import { describe, expect, it } from 'vitest';
import { buildSitemapIndex, buildUrlSet, escapeXml, sitemapOrigin, toAbsoluteUrl } from './sitemap-xml.ts';

describe('escapeXml', () => {
  it('escapes the five XML entities', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});

describe('sitemapOrigin', () => {
  it('uses the area domain over https, else the request origin', () => {
    expect(sitemapOrigin('eu.ridgeline.example', 'http://localhost:3000/sitemap/eu/en-GB')).toBe(
      'https://eu.ridgeline.example',
    );
    expect(sitemapOrigin(null, 'http://localhost:3000/sitemap/eu/en-GB')).toBe('http://localhost:3000');
  });
});

describe('toAbsoluteUrl', () => {
  it('percent-encodes path segments once, keeping slashes', () => {
    expect(toAbsoluteUrl('https://shop.example', '/skate/decks/ridge deck')).toBe(
      'https://shop.example/skate/decks/ridge%20deck',
    );
    expect(toAbsoluteUrl('https://shop.example', '/a%20b/ø')).toBe('https://shop.example/a%20b/%C3%B8');
    expect(toAbsoluteUrl('https://shop.example', '/')).toBe('https://shop.example/');
  });
});

describe('buildUrlSet', () => {
  it('writes a sitemaps.org urlset with escaped locations and optional lastmod', () => {
    const xml = buildUrlSet([
      { loc: `https://shop.example/a?x=1&y="2"&z='<3>'`, lastmod: '2026-11-22T10:00:00.000Z' },
      { loc: 'https://shop.example/b', lastmod: null },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://shop.example/a?x=1&amp;y=&quot;2&quot;&amp;z=&apos;&lt;3&gt;&apos;</loc>' +
        '<lastmod>2026-11-22T10:00:00.000Z</lastmod></url>\n' +
        '<url><loc>https://shop.example/b</loc></url>\n' +
        '</urlset>\n',
    );
  });
});

describe('buildSitemapIndex', () => {
  it('writes a sitemapindex naming each file', () => {
    const xml = buildSitemapIndex([{ loc: 'https://shop.example/sitemap/eu/en-GB/products/1', lastmod: null }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://shop.example/sitemap/eu/en-GB/products/1</loc></sitemap>');
    expect(xml.endsWith('</sitemapindex>\n')).toBe(true);
  });
});
