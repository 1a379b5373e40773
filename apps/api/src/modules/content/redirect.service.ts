/**
 * Redirects of old URLs (spec §2 routing rules; §7 GetRedirectByUrl, and GetContentByUrl's redirect answers). The
 * URL is reduced to its content path as GetContentByUrl does, so `/en-GB/skateboards/?p=2` finds the redirect stored
 * for `/skateboards`. Look-ups are answered from the instance's redirect map (ADR 037); each storefront process loads
 * its own through GetAllRedirects.
 */
import type { GetAllRedirectsResponse, GetRedirectByUrlQuery, GetRedirectByUrlResponse } from '@b2b/contract';
import type { RedirectMap, StoredRedirect } from '@b2b/contract/redirect-map';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireInternalApiSecret } from '../../lib/secret-comparison.ts';
import { toContentPath } from './content-path.ts';
import { listAllRedirects } from './redirect.repository.ts';

/** The redirect stored for a content path of an area, or null. GetContentByUrl asks it first for every path. */
export async function findRedirectOfPath(
  redirectMap: RedirectMap,
  areaId: string,
  fromPath: string,
): Promise<GetRedirectByUrlResponse | null> {
  const found = await redirectMap.find(areaId, fromPath);
  return found && { fromPath: found.fromPath, redirectUrl: found.toUrl, status: found.status };
}

/** Redirects followed one after another before a chain counts as broken (the path then answers as if it had none). */
export const MAX_REDIRECT_HOPS = 5;

const ABSOLUTE_HTTP_URL = /^https?:\/\//i;

type RedirectLookUp = (path: string) => Promise<GetRedirectByUrlResponse | null>;

/**
 * Where the redirects from a content path lead, as GetContentByUrl answers them: the last target and 301, or 302 if
 * any hop is temporary; null for no redirect, a loop or a chain longer than MAX_REDIRECT_HOPS. The back office
 * refuses loops and chains (redirect-rules.ts), but rows written before those rules, or imported by hand, may hold
 * them: a visitor must never be sent round in circles. An absolute target ends the chain (it leaves the shop).
 */
export async function resolveRedirectChain(
  path: string,
  lookUp: RedirectLookUp,
): Promise<{ redirectUrl: string; status: 301 | 302 } | null> {
  const visited = new Set([path]);
  let current = path;
  let target: string | null = null;
  // A chain is permanent only if every hop is: one temporary hop makes the whole move temporary.
  let status: 301 | 302 = 301;
  for (let hop = 0; ; hop++) {
    const found = await lookUp(current);
    if (found === null) return target === null ? null : { redirectUrl: target, status };
    if (hop === MAX_REDIRECT_HOPS) return null;
    if (found.status === 302) status = 302;
    target = found.redirectUrl;
    if (ABSOLUTE_HTTP_URL.test(target)) return { redirectUrl: target, status };
    const next = toContentPath(target);
    if (visited.has(next)) return null;
    visited.add(next);
    current = next;
  }
}

/** GET /api/Content/GetRedirectByUrl (public): the redirect stored for the URL, or 404 when the path has none. */
export async function getRedirectByUrl(
  _ctx: RequestContext,
  input: GetRedirectByUrlQuery,
  redirectMap: RedirectMap,
): Promise<GetRedirectByUrlResponse> {
  const redirect = await findRedirectOfPath(redirectMap, input['Area.AreaId'], toContentPath(input.Url));
  if (redirect === null) throw new AppError('NotFoundException', 'No redirect is stored for this URL.');
  return redirect;
}

/** Every redirect of every area as stored now: what a redirect map holds. */
export async function loadAllRedirects(ctx: RequestContext): Promise<StoredRedirect[]> {
  const rows = await listAllRedirects(ctx.db);
  // The table's check constraint allows only these two.
  return rows.map((row) => ({ ...row, status: row.status === 302 ? 302 : 301 }));
}

/**
 * GET /internal/api/Content/GetAllRedirects: a storefront process's redirect map. Only with the secret both apps share
 * (ADR 030); without one configured, nobody may call it. Read from the database: this instance's own map may not yet
 * hold a change another instance made, and the storefront asks right after learning of that change.
 */
export async function getAllRedirects(
  ctx: RequestContext,
  input: { givenSecret: string | undefined; configuredSecret: string | undefined },
): Promise<GetAllRedirectsResponse> {
  requireInternalApiSecret(input.givenSecret, input.configuredSecret);
  return { redirects: await loadAllRedirects(ctx) };
}
