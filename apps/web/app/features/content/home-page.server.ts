import type { ContentPage } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { isApiError } from '~/lib/api.server.ts';
import { fetchContentByUrl } from '~/lib/content.server.ts';
import { getSession } from '~/lib/session.server.ts';

/**
 * The content page of `/` (GetContentByUrl, cached a few seconds: lib/content.server.ts), or null when the area has none,
 * so a shop without content still has a front page.
 */
export async function findHomePage(context: Readonly<RouterContextProvider>): Promise<ContentPage | null> {
  const { area } = getSession(context);
  try {
    const content = await fetchContentByUrl(area, '/');
    return content.status === 200 && content.contentType === 'page' ? content.page : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
