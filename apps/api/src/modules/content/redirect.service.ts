/**
 * Redirects of old URLs (spec §2 routing rules; §7 GetRedirectByUrl, and GetContentByUrl's redirect answers). The
 * URL is reduced to its content path as GetContentByUrl does, so `/en-GB/skateboards/?p=2` finds the redirect stored
 * for `/skateboards`. Look-ups are answered from the instance's redirect map (ADR 037); each storefront process loads
 * its own through GetAllRedirects.
 */
import type { GetAllRedirectsResponse, GetRedirectByUrlQuery, GetRedirectByUrlResponse } from '@b2b/contract';
import { type RedirectChainEnd, resolveRedirectChain } from '@b2b/contract/redirect-chain';
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

/** Where the redirects from a content path end, as GetContentByUrl answers them (ADR 034); null for none or a loop. */
export function findRedirectChainEnd(
  redirectMap: RedirectMap,
  areaId: string,
  path: string,
): Promise<RedirectChainEnd | null> {
  return resolveRedirectChain(path, {
    lookUp: (current) => findRedirectOfPath(redirectMap, areaId, current),
    toPath: toContentPath,
    // The back office stores a target as a path of the shop or an absolute http(s) URL (redirect-rules.ts).
    isSitePath: (target) => target.startsWith('/') && !target.startsWith('//'),
  });
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
