/**
 * Redirects of old URLs (spec §2 routing rules): a route that would answer its 404 page first asks
 * GET /api/Content/GetRedirectByUrl. Asked only then, so pages that exist never pay for the look-up.
 */

import { type GetRedirectByUrlResponse, MAX_CONTENT_URL_LENGTH } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { data, type RouterContextProvider, redirect, redirectDocument } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { areaQuery } from '~/lib/area-query.ts';
import { getSafeRedirect } from '~/lib/redirect.ts';
import { getSession } from '~/lib/session.server.ts';
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

/** GetRedirectByUrl for one content path; null when there is none (or the API would refuse the path as input). */
async function lookUpRedirect(
  context: Readonly<RouterContextProvider>,
  path: string,
): Promise<GetRedirectByUrlResponse | null> {
  if (path.length > MAX_CONTENT_URL_LENGTH || path.includes('\0')) return null;
  const { area } = getSession(context);
  try {
    return await getApi(context).call(contentEndpoints.getRedirectByUrl, {
      query: {
        ...areaQuery(area),
        Url: path,
      },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Answers a path that has no page: the redirect stored for it, with its status (an absolute target as a full page
 * load, a path in-app), else the 404 page ("Page Not Found: <path>", rendered by the root error boundary).
 * `path` is the request's path; the language prefix and query string are stripped before the look-up.
 */
export async function throwNotFoundOrRedirect(context: Readonly<RouterContextProvider>, path: string): Promise<never> {
  const { languageCode } = getSession(context).area;
  const target = await resolveRedirectChain(toContentPath(path, languageCode), languageCode, (current) =>
    lookUpRedirect(context, current),
  );
  if (target === null) throw data(null, { status: 404 });
  throw target.absolute ? redirectDocument(target.url, target.status) : redirect(target.url, target.status);
}
