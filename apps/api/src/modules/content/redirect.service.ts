/**
 * Redirects of old URLs (spec §2 routing rules, §7 GetRedirectByUrl): the storefront asks before it would show its
 * 404 page. The URL is reduced to its content path as GetContentByUrl does, so `/en-GB/skateboards/?p=2` finds the
 * redirect stored for `/skateboards`.
 */
import type { GetRedirectByUrlQuery, GetRedirectByUrlResponse } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toContentPath } from './content-path.ts';
import { findRedirectByPath } from './redirect.repository.ts';
import { cacheRedirect, findCachedRedirect } from './redirect-cache.ts';

/**
 * GET /api/Content/GetRedirectByUrl (public): the redirect, or 404 when the path has none. Answers from a cache
 * of 2 s (redirect-cache.ts): a change made on another instance shows within that time.
 */
export async function getRedirectByUrl(
  ctx: RequestContext,
  input: GetRedirectByUrlQuery,
): Promise<GetRedirectByUrlResponse> {
  const fromPath = toContentPath(input.Url);
  const areaId = input['Area.AreaId'];
  let row = findCachedRedirect(areaId, fromPath);
  if (row === undefined) {
    row = await findRedirectByPath(ctx.db, areaId, fromPath);
    cacheRedirect(areaId, fromPath, row);
  }
  if (row === null) throw new AppError('NotFoundException', 'No redirect is stored for this URL.');
  // The table's check constraint allows only these two.
  return { fromPath: row.fromPath, redirectUrl: row.toUrl, status: row.status === 302 ? 302 : 301 };
}
