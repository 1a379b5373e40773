import { type GetContentByUrlResponse, MAX_CONTENT_URL_LENGTH } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { data, type RouterContextProvider } from 'react-router';
import { type ApiError, getApi, isApiError } from '~/lib/api.server.ts';
import { areaQuery } from '~/lib/area-query.ts';
import { fetchContentByUrl } from '~/lib/content.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { forbiddenContentData } from './content-forbidden.ts';
import { throwNotFoundOrRedirect } from './redirect.server.ts';

/**
 * A page the anonymous question was refused (403: a page for logged-in users or sales reps only, issue 29), asked
 * again as the visitor, with their token, and never kept in the shared content cache: its answer is theirs. Only
 * such pages pay for the second call; every other page is answered from the cache as before. Refused again (or
 * asked by an anonymous visitor), it is the Forbidden page, with the API's reason.
 */
async function fetchContentAsVisitor(
  context: Readonly<RouterContextProvider>,
  path: string,
  refusal: ApiError,
): Promise<GetContentByUrlResponse> {
  const session = getSession(context);
  if (!session.isLoggedIn) throw data(forbiddenContentData(refusal.message), { status: 403 });
  try {
    return await getApi(context).call(contentEndpoints.getContentByUrl, {
      query: { ...areaQuery(session.area), Url: path },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 403) {
      throw data(forbiddenContentData(error.message), { status: 403 });
    }
    throw error;
  }
}

/**
 * GET /api/Content/GetContentByUrl for a path (spec §7; cached a few seconds, lib/content.server.ts). A 404, whether
 * as the HTTP status or as the response's `status`, follows the path's redirect if one is stored, else becomes the
 * 404 page (spec §2: "Page Not Found: <path>") through the root error boundary. A 403 (spec §8) is asked again as the
 * visitor, and refused, becomes the Forbidden page. A path the API would refuse as input (longer than it accepts, or with a
 * NUL character) is no page either: 404 without asking.
 */
export async function getContentByUrl(
  context: Readonly<RouterContextProvider>,
  path: string,
): Promise<GetContentByUrlResponse> {
  if (path.length > MAX_CONTENT_URL_LENGTH || path.includes('\0')) throw data(null, { status: 404 });
  const { area } = getSession(context);
  let content: GetContentByUrlResponse;
  try {
    content = await fetchContentByUrl(area, path);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return throwNotFoundOrRedirect(context, path);
    if (isApiError(error) && error.status === 403) return fetchContentAsVisitor(context, path, error);
    throw error;
  }
  if (content.status === 404) return throwNotFoundOrRedirect(context, path);
  return content;
}
