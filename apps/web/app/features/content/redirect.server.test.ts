import type { GetRedirectByUrlResponse } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_HOPS, resolveRedirectChain } from './redirect.server.ts';

/** A redirect table as GetRedirectByUrl answers from it: content path → target and status. */
function lookUpIn(table: Record<string, [string, 301 | 302]>) {
  return async (path: string): Promise<GetRedirectByUrlResponse | null> => {
    const entry = table[path];
    return entry ? { fromPath: path, redirectUrl: entry[0], status: entry[1] } : null;
  };
}

describe('resolveRedirectChain (spec §2 redirects)', () => {
  it('answers no redirect as null', async () => {
    expect(await resolveRedirectChain('/nothing', 'en-GB', lookUpIn({}))).toBeNull();
  });

  it('follows a path target with its status, keeping its query', async () => {
    const table = lookUpIn({ '/old': ['/search?q=wetsuit', 302] });
    expect(await resolveRedirectChain('/old', 'en-GB', table)).toEqual({
      url: '/search?q=wetsuit',
      status: 302,
      absolute: false,
    });
  });

  it('follows a chain to its end; one temporary hop makes the move temporary', async () => {
    const table = lookUpIn({ '/a': ['/en-GB/b', 301], '/b': ['/c', 302], '/c': ['/d', 301] });
    expect(await resolveRedirectChain('/a', 'en-GB', table)).toEqual({ url: '/d', status: 302, absolute: false });
  });

  it('answers an absolute http(s) target as a full page load', async () => {
    const table = lookUpIn({ '/careers': ['https://careers.ridgeline.example/', 301] });
    expect(await resolveRedirectChain('/careers', 'en-GB', table)).toEqual({
      url: 'https://careers.ridgeline.example/',
      status: 301,
      absolute: true,
    });
  });

  it('gives up on loops, over-long chains and targets that are neither a site path nor an http(s) URL', async () => {
    expect(await resolveRedirectChain('/self', 'en-GB', lookUpIn({ '/self': ['/self?x=1', 301] }))).toBeNull();
    const loop = lookUpIn({ '/outlet': ['/outlet-archive', 302], '/outlet-archive': ['/outlet/', 302] });
    expect(await resolveRedirectChain('/outlet', 'en-GB', loop)).toBeNull();
    const long = Object.fromEntries(
      Array.from({ length: MAX_REDIRECT_HOPS + 1 }, (_, hop) => [`/p${hop}`, [`/p${hop + 1}`, 301] as [string, 301]]),
    );
    expect(await resolveRedirectChain('/p0', 'en-GB', lookUpIn(long))).toBeNull();
    const shortEnough = Object.fromEntries(Object.entries(long).slice(0, MAX_REDIRECT_HOPS));
    expect(await resolveRedirectChain('/p0', 'en-GB', lookUpIn(shortEnough))).toMatchObject({
      url: `/p${MAX_REDIRECT_HOPS}`,
    });
    for (const target of ['//evil.example/x', 'javascript:alert(1)', 'ftp://files.example/', 'relative/path']) {
      expect(await resolveRedirectChain('/bad', 'en-GB', lookUpIn({ '/bad': [target, 301] }))).toBeNull();
    }
  });
});
