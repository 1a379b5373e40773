import { MAX_SEARCH_TEXT_LENGTH } from '@b2b/contract';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { NO_SUGGESTIONS, type SearchSuggestions } from './search-suggestions.ts';

type SuggestionsAnswer = SearchSuggestions & { error?: { field: string; message: string } };

/**
 * GET /resources/search-suggestions?q=… (the header search while typing): GetSearchSuggestions for the session's
 * area. No prices, so the same for every visitor of an area. Bad input is a 400 naming `q`; a failing API answers
 * 502 with no suggestions (the search box still submits to /search).
 */
export async function loadSearchSuggestions(request: Request, context: Readonly<RouterContextProvider>) {
  const text = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (text.length === 0 || text.length > MAX_SEARCH_TEXT_LENGTH) {
    const message = `q must be 1 to ${MAX_SEARCH_TEXT_LENGTH} characters.`;
    return data<SuggestionsAnswer>({ ...NO_SUGGESTIONS, error: { field: 'q', message } }, { status: 400 });
  }
  const { area } = getSession(context);
  try {
    const suggestions = await getApi(context).call(productEndpoints.getSearchSuggestions, {
      // products, categories and brands at the API's default counts (DEFAULT_SUGGESTED_PRODUCTS products)
      body: { area, search: text },
    });
    // the same text in the same area answers the same until the catalogue changes: a short private cache
    return data<SuggestionsAnswer>(suggestions, { headers: { 'Cache-Control': 'private, max-age=60' } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error('[search] GetSearchSuggestions failed', error.status, error.type);
    return data<SuggestionsAnswer>(NO_SUGGESTIONS, { status: 502 });
  }
}
