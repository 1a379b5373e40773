/**
 * Redirects of old URLs (spec §2 routing rules): every page request looks one up before its route renders
 * (`redirectMiddleware`), in this process's redirect map (ADR 037); a path whose content turns out to be missing asks
 * again for the path the content call named.
 */

import { type RedirectChainEnd, type RedirectHop, resolveRedirectChain } from '@b2b/contract/redirect-chain';
import { data, type MiddlewareFunction, type RouterContextProvider, redirect, redirectDocument } from 'react-router';
import { getSafeRedirect } from '~/lib/redirect.ts';
import { redirectMap } from '~/lib/redirect-map.server.ts';
import { getSession, isStaticResourcePath } from '~/lib/session.server.ts';
import { toContentPath } from './content-path.ts';

/** The redirect stored for one content path of the visitor's area, from this process's map; null when none. */
async function lookUpRedirect(context: Readonly<RouterContextProvider>, path: string): Promise<RedirectHop | null> {
  if (redirectMap === null) return null;
  const found = await redirectMap.find(getSession(context).area.areaId, toStoredPath(path));
  return found && { redirectUrl: found.toUrl, status: found.status };
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
function findRedirectTarget(context: Readonly<RouterContextProvider>, path: string): Promise<RedirectChainEnd | null> {
  const { languageCode } = getSession(context).area;
  return resolveRedirectChain(toContentPath(path, languageCode), {
    lookUp: (current) => lookUpRedirect(context, current),
    toPath: (target) => toContentPath(target, languageCode),
    // Only same-site paths are followed in-app ('//host' and the like would leave the site unannounced).
    isSitePath: (target) => getSafeRedirect(target, '') === target,
  });
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
