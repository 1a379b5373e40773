import type { GetContentByUrlResponse } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { data, type RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';

/**
 * GET /api/Content/GetContentByUrl for a path (spec §7). A 404, whether as the HTTP status or as the response's
 * `status`, becomes the 404 page (spec §2: "Page Not Found: <path>") through the root error boundary.
 */
export async function getContentByUrl(
  context: Readonly<RouterContextProvider>,
  path: string,
): Promise<GetContentByUrlResponse> {
  const { area } = getSession(context);
  try {
    const content = await getApi(context).call(contentEndpoints.getContentByUrl, {
      query: {
        'Area.AreaId': area.areaId,
        'Area.LanguageCode': area.languageCode,
        'Area.CurrencyCode': area.currencyCode,
        Url: path,
      },
    });
    if (content.status === 404) throw data(null, { status: 404 });
    return content;
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
