import { FAVORITE_LISTS_FETCHED, MAX_FAVORITE_LIST_NAME_LENGTH } from '@b2b/contract/constants';
import { nextFavoriteListName } from '@b2b/contract/favorite-list-rules';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '~/lib/api.server.ts';
import {
  createFavoriteList,
  deleteFavoriteList,
  ensureFavoriteList,
  getFavoriteList,
  saveFavoriteList,
  searchFavoriteLists,
  setFavoriteListActive,
} from '~/lib/favorites/favorite-lists.server.ts';
import { favoriteListsHref, favoriteListsSkip, parseFavoriteListsParams } from './favorite-list-params.ts';
import {
  FAVORITE_LIST_INTENTS,
  type FavoriteListActionResult,
  type FavoriteListIntent,
} from './favorite-list-result.ts';
import type { FavoriteListsPageData } from './favorite-lists-page.tsx';

type Context = Readonly<RouterContextProvider>;

/**
 * The lists page's data: a page of 15 lists, most recently touched first (spec §4, §9), matching the search. With no
 * list at all, the first ("Favorite list") is made first (spec §4).
 */
export async function loadFavoriteListsPage(context: Context, url: URL): Promise<FavoriteListsPageData> {
  const params = parseFavoriteListsParams(url.searchParams);
  let answer = await searchFavoriteLists(context, { skip: favoriteListsSkip(params.page), search: params.search });
  if (answer.listCount === 0) {
    await ensureFavoriteList(context);
    answer = await searchFavoriteLists(context, { skip: favoriteListsSkip(params.page), search: params.search });
  }
  const lists = answer.items.map(({ item, sourceFields }) => ({
    listId: item.listId,
    listName: item.listName,
    productCount: item.productCount,
    touchedAt: sourceFields?.touchedAt ?? item.touchedAt,
    isActive: item.listId === answer.activeListId,
  }));
  // The name a list made without one gets (spec §4), said beside the name field when every list is on the page (it
  // depends on all the names: a taken "Favorite list (3)" moves it on).
  const allNamesShown = !params.search && answer.listCount === lists.length;
  const nextDefaultName = allNamesShown ? nextFavoriteListName(lists.map((list) => list.listName)) : null;
  return {
    params,
    lists,
    totalCount: answer.totalItems,
    pageCount: Math.max(1, Math.ceil(answer.totalItems / FAVORITE_LISTS_FETCHED)),
    nextDefaultName,
    maxNameLength: MAX_FAVORITE_LIST_NAME_LENGTH,
  };
}

function isIntent(value: unknown): value is FavoriteListIntent {
  return typeof value === 'string' && (FAVORITE_LIST_INTENTS as readonly string[]).includes(value);
}

function result(body: Omit<FavoriteListActionResult, 'key'>, status = 200) {
  return data({ key: crypto.randomUUID(), ...body } as FavoriteListActionResult, { status });
}

/** The API's reason for a refused name ("must be unique …"), as a sentence about the name field. */
function nameRefusal(error: ApiError): string | null {
  const fieldError = error.body?.errors?.find((each) => each.field.endsWith('listName'));
  return fieldError ? `The name ${fieldError.message}.` : null;
}

/**
 * The lists page's one action (`intent`): create (a typed name, or the spec §4 default), rename (the list read
 * again, saved with its version), delete (after the page asked), set active. A 409 from another tab's save says so;
 * the page's data is read again by the revalidation that follows every action.
 */
export async function handleFavoriteListsAction(request: Request, context: Context) {
  const form = await request.formData();
  const intent = form.get('intent');
  const listId = String(form.get('listId') ?? '');
  if (!isIntent(intent)) return result({ ok: false, message: 'Choose what to do with the list.' }, 400);
  const listName = String(form.get('listName') ?? '').trim();
  try {
    switch (intent) {
      case 'create': {
        const created = await createFavoriteList(context, listName || null);
        // the new list is the active one (spec §4): shown first, on page 1
        throw redirect(`${favoriteListsHref({ search: '', page: 1 })}#favorite-list-${created.listId}`);
      }
      case 'rename': {
        if (!listName) return result({ ok: false, field: 'listName', listId, message: 'Enter a name.' }, 400);
        const list = await getFavoriteList(context, listId);
        await saveFavoriteList(context, { ...list, listName });
        // back to the page without ?rename
        throw redirect(favoriteListsHref(parseFavoriteListsParams(new URL(request.url).searchParams)));
      }
      case 'delete': {
        await deleteFavoriteList(context, listId);
        return result({ ok: true, message: 'The list was deleted.' });
      }
      case 'set-active': {
        const list = await setFavoriteListActive(context, listId);
        return result({ ok: true, message: `${list.listName} is the active list now: hearts add to it.` });
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error('[favorites] lists action failed', intent, error.status, error.type);
    if (error.status === 404) return result({ ok: false, message: 'That list no longer exists.' }, 404);
    if (error.status === 409) return result({ ok: false, isStale: true, listId, message: error.message }, 409);
    if (error.status === 400) {
      const refusal = nameRefusal(error);
      if (refusal)
        return result(
          { ok: false, field: 'listName', listId: intent === 'rename' ? listId : undefined, message: refusal },
          400,
        );
      return result({ ok: false, message: error.message }, 400);
    }
    return result({ ok: false, message: 'The list could not be changed. Please try again.' }, 502);
  }
}
