/**
 * Following stored redirects to where they end (spec §2): the API's GetContentByUrl answers (ADR 034) and the
 * storefront's look-up before every route (ADR 037) follow a chain alike. The back office refuses loops and chains
 * (redirect-rules.ts), but rows written before those rules, or by hand, may hold them: a visitor must never be sent
 * round in circles.
 */

/** Redirects followed one after another before the chain counts as broken (the path then has no redirect). */
export const MAX_REDIRECT_HOPS = 5;

const ABSOLUTE_HTTP_URL = /^https?:\/\//i;

/** One stored redirect: where it leads and whether for good (301) or for now (302). */
export type RedirectHop = { redirectUrl: string; status: 301 | 302 };

/** Where a chain ends: a path of the shop (followed in-app) or an absolute http(s) URL (a full page load). */
export type RedirectChainEnd = { url: string; status: 301 | 302; absolute: boolean };

export type RedirectChainRules = {
  /** The redirect stored for a content path; null when none. */
  lookUp: (path: string) => Promise<RedirectHop | null>;
  /** The content path a same-site target names (language prefix, query and trailing slash dropped). */
  toPath: (target: string) => string;
  /** Whether a target that is no absolute URL is a path of this site ('//host' and the like are not). */
  isSitePath: (target: string) => boolean;
};

/**
 * Where the redirects from a content path end: the last target, 301, or 302 if any hop is temporary; null for no
 * redirect, a loop, a chain longer than MAX_REDIRECT_HOPS or a target that is neither a site path nor an http(s) URL.
 * An absolute target ends the chain (it leaves the shop).
 */
export async function resolveRedirectChain(path: string, rules: RedirectChainRules): Promise<RedirectChainEnd | null> {
  const visited = new Set([path]);
  let current = path;
  let target: string | null = null;
  // A chain is permanent only if every hop is: one temporary hop makes the whole move temporary.
  let status: 301 | 302 = 301;
  for (let hop = 0; ; hop++) {
    const found = await rules.lookUp(current);
    if (found === null) return target === null ? null : { url: target, status, absolute: false };
    if (hop === MAX_REDIRECT_HOPS) return null;
    if (found.status === 302) status = 302;
    target = found.redirectUrl;
    if (ABSOLUTE_HTTP_URL.test(target)) return URL.canParse(target) ? { url: target, status, absolute: true } : null;
    if (!rules.isSitePath(target)) return null;
    const next = rules.toPath(target);
    if (visited.has(next)) return null;
    visited.add(next);
    current = next;
  }
}
