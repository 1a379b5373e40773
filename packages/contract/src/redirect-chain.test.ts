import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_HOPS, type RedirectHop, resolveRedirectChain } from './redirect-chain.ts';

/** A redirect table as a redirect map answers from it: content path → target and status. */
function rulesFor(table: Record<string, [string, 301 | 302]>) {
  return {
    lookUp: async (path: string): Promise<RedirectHop | null> => {
      const entry = table[path];
      return entry ? { redirectUrl: entry[0], status: entry[1] } : null;
    },
    // As the apps reduce a target: no language prefix, query or trailing slash.
    toPath: (target: string) =>
      target
        .replace(/[?#].*$/, '')
        .replace(/^\/en-GB(?=\/|$)/, '')
        .replace(/(.)\/+$/, '$1'),
    isSitePath: (target: string) => target.startsWith('/') && !target.startsWith('//'),
  };
}

describe('resolveRedirectChain (spec §2 redirects)', () => {
  it('answers no redirect as null, and one redirect with its target (query kept) and status', async () => {
    expect(await resolveRedirectChain('/nothing', rulesFor({}))).toBeNull();
    expect(await resolveRedirectChain('/old', rulesFor({ '/old': ['/search?q=wetsuit', 302] }))).toEqual({
      url: '/search?q=wetsuit',
      status: 302,
      absolute: false,
    });
  });

  it('follows a chain to its end; one temporary hop makes the move temporary', async () => {
    const rules = rulesFor({ '/a': ['/en-GB/b', 301], '/b': ['/c?x=1', 302], '/c': ['/d', 301] });
    expect(await resolveRedirectChain('/a', rules)).toEqual({ url: '/d', status: 302, absolute: false });
  });

  it('ends a chain at an absolute http(s) target, a full page load', async () => {
    const rules = rulesFor({ '/careers': ['https://careers.ridgeline.example/', 301], '/': ['/x', 301] });
    expect(await resolveRedirectChain('/careers', rules)).toEqual({
      url: 'https://careers.ridgeline.example/',
      status: 301,
      absolute: true,
    });
  });

  it('gives up on loops, over-long chains and targets that are neither a site path nor an http(s) URL', async () => {
    expect(await resolveRedirectChain('/self', rulesFor({ '/self': ['/self?x=1', 301] }))).toBeNull();
    const loop = rulesFor({ '/outlet': ['/outlet-archive', 302], '/outlet-archive': ['/outlet/', 302] });
    expect(await resolveRedirectChain('/outlet', loop)).toBeNull();
    const long = Object.fromEntries(
      Array.from({ length: MAX_REDIRECT_HOPS + 1 }, (_, hop) => [`/p${hop}`, [`/p${hop + 1}`, 301] as [string, 301]]),
    );
    expect(await resolveRedirectChain('/p0', rulesFor(long))).toBeNull();
    const shortEnough = Object.fromEntries(Object.entries(long).slice(0, MAX_REDIRECT_HOPS));
    expect(await resolveRedirectChain('/p0', rulesFor(shortEnough))).toEqual({
      url: `/p${MAX_REDIRECT_HOPS}`,
      status: 301,
      absolute: false,
    });
    for (const target of ['//evil.example/x', 'javascript:alert(1)', 'ftp://files.example/', 'relative/path']) {
      expect(await resolveRedirectChain('/bad', rulesFor({ '/bad': [target, 301] }))).toBeNull();
    }
  });
});
