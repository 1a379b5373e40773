import type { ContentPage } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import type { RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';

/**
 * The content page of `/` (GetContentByUrl), or null when the area has none,
 * so a shop without content still has a front page.
 */
export async function findHomePage(context: Readonly<RouterContextProvider>): Promise<ContentPage | null> {
  const { area } = getSession(context);
  try {
    const content = await getApi(context).call(contentEndpoints.getContentByUrl, {
      query: {
        'Area.AreaId': area.areaId,
        'Area.LanguageCode': area.languageCode,
        'Area.CurrencyCode': area.currencyCode,
        Url: '/',
      },
    });
    return content.status === 200 && content.contentType === 'page' ? content.page : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
