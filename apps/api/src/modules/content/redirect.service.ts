/**
 * Redirects of old URLs (spec §2 routing rules; §7 GetRedirectByUrl, and GetContentByUrl's redirect answers). The
 * URL is reduced to its content path as GetContentByUrl does, so `/en-GB/skateboards/?p=2` finds the redirect stored
 * for `/skateboards`.
 */
import type { GetRedirectByUrlQuery, GetRedirectByUrlResponse } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toContentPath } from './content-path.ts';
import { findRedirectByPath } from './redirect.repository.ts';
import { cacheRedirect, findCachedRedirect } from './redirect-cache.ts';

/**
 * The redirect stored for a content path of an area, or null. Answers from a cache of 2 s (redirect-cache.ts): a
 * change made on another instance shows within that time. GetContentByUrl asks it first for every path.
 */
export async function findRedirectOfPath(
  ctx: RequestContext,
  areaId: string,
  fromPath: string,
): Promise<GetRedirectByUrlResponse | null> {
  let row = findCachedRedirect(areaId, fromPath);
  if (row === undefined) {
    row = await findRedirectByPath(ctx.db, areaId, fromPath);
    cacheRedirect(areaId, fromPath, row);
  }
  if (row === null) return null;
  // The table's check constraint allows only these two.
  return { fromPath: row.fromPath, redirectUrl: row.toUrl, status: row.status === 302 ? 302 : 301 };
}

/** GET /api/Content/GetRedirectByUrl (public): the redirect, or 404 when the path has none. */
export async function getRedirectByUrl(
  ctx: RequestContext,
  input: GetRedirectByUrlQuery,
): Promise<GetRedirectByUrlResponse> {
  const redirect = await findRedirectOfPath(ctx, input['Area.AreaId'], toContentPath(input.Url));
  if (redirect === null) throw new AppError('NotFoundException', 'No redirect is stored for this URL.');
  return redirect;
}
