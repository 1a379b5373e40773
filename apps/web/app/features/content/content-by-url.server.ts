import { type GetContentByUrlResponse, MAX_CONTENT_URL_LENGTH } from '@b2b/contract';
import { data, type RouterContextProvider } from 'react-router';
import { isApiError } from '~/lib/api.server.ts';
import { fetchContentByUrl } from '~/lib/content.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { throwNotFoundOrRedirect } from './redirect.server.ts';

/**
 * GET /api/Content/GetContentByUrl for a path (spec §7; cached a few seconds, lib/content.server.ts). A 404, whether as the HTTP status or as the response's
 * `status`, follows the path's redirect if one is stored, else becomes the 404 page (spec §2: "Page Not Found:
 * <path>") through the root error boundary. A path the API would refuse as input (longer than it accepts, or with a
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
    throw error;
  }
  if (content.status === 404) return throwNotFoundOrRedirect(context, path);
  return content;
}
