/**
 * Redirects of old URLs (spec §2 routing rules): every page request looks one up before its route renders
 * (`redirectMiddleware`), in this process's redirect map (ADR 037); a path whose content turns out to be missing asks
 * again for the path the content call named.
 */

import type { GetRedirectByUrlResponse } from '@b2b/contract';
import { data, type MiddlewareFunction, type RouterContextProvider, redirect, redirectDocument } from 'react-router';
import { getSafeRedirect } from '~/lib/redirect.ts';
import { redirectMap } from '~/lib/redirect-map.server.ts';
import { getSession, isStaticResourcePath } from '~/lib/session.server.ts';
import { toContentPath } from './content-path.ts';

/** Redirects followed one after another before the chain counts as broken (the visitor then sees the 404 page). */
export const MAX_REDIRECT_HOPS = 5;

const ABSOLUTE_HTTP_URL = /^https?:\/\//i;

type RedirectLookUp = (path: string) => Promise<GetRedirectByUrlResponse | null>;

/** Where a chain of redirects from `path` ends, or null for no redirect, a loop, a too-long chain or a bad target. */
export async function resolveRedirectChain(
  path: string,
  languageCode: string,
  lookUp: RedirectLookUp,
): Promise<{ url: string; status: 301 | 302; absolute: boolean } | null> {
  const visited = new Set([path]);
  let current = path;
  let target: string | null = null;
  // A chain is permanent only if every hop is: one temporary hop makes the whole move temporary.
  let status: 301 | 302 = 301;
  for (let hop = 0; ; hop++) {
    const found = await lookUp(current);
    if (found === null) return target === null ? null : { url: target, status, absolute: false };
    if (hop === MAX_REDIRECT_HOPS) return null;
    if (found.status === 302) status = 302;
    target = found.redirectUrl;
    // An absolute target leaves the shop: the chain cannot be followed further from here.
    if (ABSOLUTE_HTTP_URL.test(target)) return URL.canParse(target) ? { url: target, status, absolute: true } : null;
    // Only same-site paths are followed in-app ('//host' and the like would leave the site unannounced).
    if (getSafeRedirect(target, '') !== target) return null;
    const next = toContentPath(target, languageCode);
    if (visited.has(next)) return null;
    visited.add(next);
    current = next;
  }
}

/** The redirect stored for one content path of the visitor's area, from this process's map; null when none. */
async function lookUpRedirect(
  context: Readonly<RouterContextProvider>,
  path: string,
): Promise<GetRedirectByUrlResponse | null> {
  if (redirectMap === null) return null;
  const found = await redirectMap.find(getSession(context).area.areaId, toStoredPath(path));
  return found && { fromPath: found.fromPath, redirectUrl: found.toUrl, status: found.status };
}

/** Redirects are stored for decoded paths (`/straße`), the request names them percent-encoded (`/stra%C3%9Fe`). */
function toStoredPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path; // a malformed escape: compared as given
  }
}

/** Where the redirects stored for `path` (a request's path) lead, or null when none does (or they loop). */
function findRedirectTarget(context: Readonly<RouterContextProvider>, path: string) {
  const { languageCode } = getSession(context).area;
  return resolveRedirectChain(toContentPath(path, languageCode), languageCode, (current) =>
    lookUpRedirect(context, current),
  );
}

/**
 * spec §2 routing rules: every route (not only one that would be a 404) first looks up a redirect for its URL and
 * follows it with its status: an absolute target as a full page load, a path in-app. Page and data requests only
 * (GET, HEAD); the look-up reads this process's map (ADR 037), so it costs a page no request.
 */
export const redirectMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const { pathname } = new URL(request.url);
  if (isStaticResourcePath(pathname)) return next();
  const target = await findRedirectTarget(context, pathname);
  if (target === null) return next();
  throw target.absolute ? redirectDocument(target.url, target.status) : redirect(target.url, target.status);
};

/**
 * Answers a path that has no page: the redirect stored for it, with its status (an absolute target as a full page
 * load, a path in-app), else the 404 page ("Page Not Found: <path>", rendered by the root error boundary).
 * `path` is the request's path; the language prefix and query string are stripped before the look-up.
 */
export async function throwNotFoundOrRedirect(context: Readonly<RouterContextProvider>, path: string): Promise<never> {
  const target = await findRedirectTarget(context, path);
  if (target === null) throw data(null, { status: 404 });
  throw target.absolute ? redirectDocument(target.url, target.status) : redirect(target.url, target.status);
}
