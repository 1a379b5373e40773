import type { GetRedirectByUrlResponse } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_HOPS, resolveRedirectChain } from './redirect.service.ts';

/** A redirect table as the look-up answers from it: content path → target and status. */
function lookUpIn(table: Record<string, [string, 301 | 302]>) {
  return async (path: string): Promise<GetRedirectByUrlResponse | null> => {
    const entry = table[path];
    return entry ? { fromPath: path, redirectUrl: entry[0], status: entry[1] } : null;
  };
}

describe("resolveRedirectChain (GetContentByUrl's redirect answers)", () => {
  it('answers no redirect as null, and one redirect with its target and status', async () => {
    expect(await resolveRedirectChain('/nothing', lookUpIn({}))).toBeNull();
    expect(await resolveRedirectChain('/old', lookUpIn({ '/old': ['/search?q=wetsuit', 302] }))).toEqual({
      redirectUrl: '/search?q=wetsuit',
      status: 302,
    });
  });

  it('follows a chain to its end; one temporary hop makes the move temporary', async () => {
    const table = lookUpIn({ '/a': ['/en-GB/b', 301], '/b': ['/c?x=1', 302], '/c': ['/d', 301] });
    expect(await resolveRedirectChain('/a', table)).toEqual({ redirectUrl: '/d', status: 302 });
  });

  it('ends a chain at an absolute target', async () => {
    const table = lookUpIn({ '/careers': ['https://careers.example/', 301], '/': ['/x', 301] });
    expect(await resolveRedirectChain('/careers', table)).toEqual({
      redirectUrl: 'https://careers.example/',
      status: 301,
    });
  });

  it('answers a loop, and a chain longer than the limit, as no redirect', async () => {
    expect(
      await resolveRedirectChain(
        '/outlet',
        lookUpIn({ '/outlet': ['/outlet-archive', 302], '/outlet-archive': ['/outlet', 302] }),
      ),
    ).toBeNull();
    expect(await resolveRedirectChain('/self', lookUpIn({ '/self': ['/self/', 301] }))).toBeNull();
    const long = Object.fromEntries(
      Array.from({ length: MAX_REDIRECT_HOPS + 1 }, (_, hop) => [`/p${hop}`, [`/p${hop + 1}`, 301] as [string, 301]]),
    );
    expect(await resolveRedirectChain('/p0', lookUpIn(long))).toBeNull();
    const justShort = Object.fromEntries(
      Array.from({ length: MAX_REDIRECT_HOPS }, (_, hop) => [`/p${hop}`, [`/p${hop + 1}`, 301] as [string, 301]]),
    );
    expect(await resolveRedirectChain('/p0', lookUpIn(justShort))).toEqual({
      redirectUrl: `/p${MAX_REDIRECT_HOPS}`,
      status: 301,
    });
  });
});
