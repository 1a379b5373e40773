import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseRedirectsCsv } from './redirect-csv.ts';
import { checkToUrl, findHopProblems, normalizeFromPath, parseRedirectStatus, targetPathOf } from './redirect-rules.ts';

describe('normalizeFromPath', () => {
  it('stores the path as the storefront looks it up', () => {
    expect(normalizeFromPath(' /en-GB/Old-Page/?ref=mail ')).toEqual({ path: '/Old-Page' });
  });
  it('refuses a missing path, a URL, spaces and the home page', () => {
    expect(normalizeFromPath('')).toMatchObject({ field: 'fromPath', problem: 'fromPath is missing' });
    expect(normalizeFromPath('https://shop.example/old')).toMatchObject({ field: 'fromPath' });
    expect(normalizeFromPath('//old')).toMatchObject({ field: 'fromPath' });
    expect(normalizeFromPath('/old page')).toMatchObject({ problem: expect.stringContaining('spaces') });
    expect(normalizeFromPath('/en-GB/')).toMatchObject({ problem: expect.stringContaining('home page') });
  });
});

describe('checkToUrl and targetPathOf', () => {
  it('takes shop paths and http(s) URLs, nothing else', () => {
    expect(checkToUrl('/search?q=a,b')).toEqual({ url: '/search?q=a,b' });
    expect(checkToUrl('https://careers.example/')).toEqual({ url: 'https://careers.example/' });
    for (const bad of ['javascript:alert(1)', '//evil.example', 'snow', 'ftp://x.example/', '']) {
      expect(checkToUrl(bad), bad).toMatchObject({ field: 'toUrl' });
    }
  });
  it('reduces a shop target to its content path; an absolute URL leaves the shop', () => {
    expect(targetPathOf('/en-GB/skate/decks/?sort=price')).toBe('/skate/decks');
    expect(targetPathOf('https://shop.example/skate')).toBeNull();
  });
});

describe('parseRedirectStatus', () => {
  it('takes 301 and 302 only', () => {
    expect(parseRedirectStatus(' 302 ')).toEqual({ status: 302 });
    expect(parseRedirectStatus('307')).toMatchObject({ problem: 'status must be 301 or 302, not "307"' });
    expect(parseRedirectStatus('')).toMatchObject({ problem: 'status must be 301 or 302 (it is empty)' });
  });
});

describe('findHopProblems', () => {
  const hops = (redirects: Record<string, string>, written: string[]) =>
    Object.fromEntries(findHopProblems(new Map(Object.entries(redirects)), written));

  it('finds a loop to itself, a loop of two and a chain, as problems of the target', () => {
    expect(hops({ '/a': '/a?x=1' }, ['/a'])['/a']?.problem).toContain('itself');
    expect(hops({ '/a': '/b', '/b': '/a' }, ['/a'])['/a']?.problem).toContain('redirects back to /a');
    expect(hops({ '/a': '/b', '/b': '/c' }, ['/a'])['/a']).toMatchObject({ field: 'toUrl' });
  });
  it('finds a redirect that leads to a written from-path, as a problem of the from-path', () => {
    expect(hops({ '/x': '/a', '/a': 'https://elsewhere.example/' }, ['/a'])['/a']).toMatchObject({
      field: 'fromPath',
      problem: expect.stringContaining('/x already redirects to /a'),
    });
  });
  it('lets one hop, absolute targets and redirects not written pass', () => {
    expect(hops({ '/a': '/b', '/c': 'https://x.example/c' }, ['/a', '/c'])).toEqual({});
    expect(hops({ '/a': '/b', '/b': '/a' }, [])).toEqual({});
  });
});

describe('parseRedirectsCsv', () => {
  it('detects the delimiter from the header', () => {
    expect(detectDelimiter('\uFEFFfromPath;toUrl;status\r\n/a;"/b,c";301')).toBe(';');
    expect(detectDelimiter('fromPath,toUrl,status\n/a,"/b;c",301')).toBe(',');
  });
  it('numbers rows by their line, skipping blank lines, and reports a short row', () => {
    const { rows, problems } = parseRedirectsCsv('fromPath,toUrl,status\n\n/a,/b,301\n/c,/d\n');
    expect(rows).toEqual([{ row: 3, fromPath: '/a', toUrl: '/b', status: '301' }]);
    expect(problems).toEqual([{ row: 4, fromPath: '/c', problem: 'the row has 2 fields, the header 3' }]);
  });
  it('refuses a file without the header row, naming csv', () => {
    expect(() => parseRedirectsCsv('/a,/b,301\n')).toThrow(/header row/);
  });
});
