/**
 * The storefront's calls of the favourite list API (spec §7 "Favorite lists", issue 26 §1), for the hearts (the
 * active list's marks and the toggle) and the customer center's list pages. The spec §4 rules themselves are the
 * contract's (`@b2b/contract/favorite-list-rules`): which list is active, the toggle, the next default name.
 */
import { DEFAULT_FAVORITE_LIST_NAME, FAVORITE_LISTS_FETCHED, MAX_FAVORITE_LISTS } from '@b2b/contract/constants';
import { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import type { FavoriteList, GetFavoriteListResponse } from '@b2b/contract/favorite-list';
import { favoriteProductKeyOf, toggleFavoriteProduct } from '@b2b/contract/favorite-list-rules';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { areaQuery } from '~/lib/area-query.ts';
import { getSession } from '~/lib/session.server.ts';
import type { FavoriteMarks, FavoriteProductKey } from './favorite-marks.ts';

type Context = Readonly<RouterContextProvider>;

/** Every list of the customer (at most MAX_FAVORITE_LISTS), most recently touched first, without source fields. */
export async function listAllFavoriteLists(context: Context) {
  const { area } = getSession(context);
  const { items } = await getApi(context).call(favoriteListEndpoints.getFavoriteListsBySearch, {
    query: { ...areaQuery(area), Skip: 0, Take: MAX_FAVORITE_LISTS, Search: '' },
  });
  return items.map(({ item }) => item);
}

/** spec §4, §7: the lists as the storefront asks for them: offset `skip`, 15 of them, most recently touched first. */
export async function searchFavoriteLists(context: Context, input: { skip: number; search: string }) {
  const { area } = getSession(context);
  return getApi(context).call(favoriteListEndpoints.getFavoriteListsBySearch, {
    query: {
      ...areaQuery(area),
      Skip: input.skip,
      Take: FAVORITE_LISTS_FETCHED,
      Search: input.search,
      'Sorting[0].Field': 'touchedAt',
      'Sorting[0].Direction': 'Descending',
      IncludeSourceFields: 'true',
    },
  });
}

/** The active list (spec §4: the first, most recently touched), with its product keys; null while there is none. */
async function findActiveList(context: Context): Promise<FavoriteList | null> {
  const { area } = getSession(context);
  const answer = await getApi(context).call(favoriteListEndpoints.getFavoriteListsBySearch, {
    query: { ...areaQuery(area), Skip: 0, Take: 1, Search: '' },
  });
  return answer.items[0]?.item ?? null;
}

/** One list with what its page shows of each product (GetFavoriteList); ApiError 404 for an unknown or foreign id. */
export async function getFavoriteList(context: Context, listId: string): Promise<GetFavoriteListResponse> {
  const { area } = getSession(context);
  return getApi(context).call(favoriteListEndpoints.getFavoriteList, {
    query: { ...areaQuery(area), ListId: listId },
  });
}

/**
 * Saves a list's name and products with the version last read: an older version answers 409
 * FavoriteListHasBeenModifiedException (another tab saved first; issue 26 §1), which the caller shows.
 */
export async function saveFavoriteList(
  context: Context,
  list: { listId: string; listName: string; version: number; products: readonly FavoriteProductKey[] },
): Promise<FavoriteList> {
  const { area } = getSession(context);
  return getApi(context).call(favoriteListEndpoints.addOrUpdateFavoriteList, {
    body: {
      area,
      favouriteList: {
        listId: list.listId,
        listName: list.listName,
        version: list.version,
        products: list.products.map(({ productId, variantId, unitOfMeasure }) => ({
          productId,
          variantId,
          unitOfMeasure,
        })),
      },
    },
  });
}

/** A new, empty list; without a name the API names it by spec §4 ("Favorite list", then "Favorite list (n)"). */
export async function createFavoriteList(context: Context, listName: string | null): Promise<FavoriteList> {
  const { area } = getSession(context);
  return getApi(context).call(favoriteListEndpoints.addOrUpdateFavoriteList, {
    body: { area, favouriteList: { ...(listName ? { listName } : {}), products: [] } },
  });
}

export async function deleteFavoriteList(context: Context, listId: string): Promise<void> {
  const { area } = getSession(context);
  await getApi(context).call(favoriteListEndpoints.deleteFavoriteList, { body: { area, listId } });
}

export async function setFavoriteListActive(context: Context, listId: string): Promise<FavoriteList> {
  const { area } = getSession(context);
  return getApi(context).call(favoriteListEndpoints.setFavoriteListActive, { body: { area, favoriteListId: listId } });
}

/**
 * spec §4 "If no lists exist on load, one named 'Favorite list' is created": the lists page's load when the
 * customer has none. Two tabs loading at once may both try; the second's name is then taken (400) and the list the
 * first made is read instead.
 */
export async function ensureFavoriteList(context: Context): Promise<void> {
  try {
    await createFavoriteList(context, null);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400)) throw error;
  }
}

/**
 * The marks of the hearts on a page: which of `keys` the active list holds, and its name. Null for a visitor or
 * staff without a customer (no hearts), and when the lists cannot be read (the page shows without hearts rather
 * than failing: a heart that cannot say its state would mislead).
 */
export async function loadFavoriteMarks(
  context: Context,
  keys: readonly FavoriteProductKey[],
): Promise<FavoriteMarks | null> {
  const session = getSession(context);
  if (!session.isLoggedIn || !session.customer) return null;
  try {
    const list = await findActiveList(context);
    if (!list) return { listId: null, listName: DEFAULT_FAVORITE_LIST_NAME, keys: [] };
    const held = new Set(list.products.map(favoriteProductKeyOf));
    return {
      listId: list.listId,
      listName: list.listName,
      keys: keys.filter((key) => held.has(favoriteProductKeyOf(key))).map(favoriteProductKeyOf),
    };
  } catch (error) {
    console.error('[favorites] GetFavoriteListsBySearch failed', error instanceof ApiError ? error.status : error);
    return null;
  }
}

export type FavoriteToggleOutcome = { isFavorite: boolean; listId: string; listName: string };

/**
 * A heart pressed: puts the product into the active list (`wanted` add) or takes it out (remove), creating the first
 * list when there is none (spec §4). `wanted` rather than a blind toggle, so a double press or a retry leaves the
 * state the buyer saw become true; the change itself is the contract's toggle (spec §4: it toggles presence and saves
 * the list). Another tab's save in between (409) is read again and applied once more.
 */
export async function setFavorite(
  context: Context,
  key: FavoriteProductKey,
  wanted: 'add' | 'remove',
): Promise<FavoriteToggleOutcome> {
  for (let attempt = 1; ; attempt++) {
    const list = (await findActiveList(context)) ?? (await createFavoriteList(context, null));
    const isHeld = list.products.some((product) => favoriteProductKeyOf(product) === favoriteProductKeyOf(key));
    if (isHeld === (wanted === 'add')) return { isFavorite: isHeld, listId: list.listId, listName: list.listName };
    const { products } = toggleFavoriteProduct(
      list.products.map(({ productId, variantId, unitOfMeasure }) => ({ productId, variantId, unitOfMeasure })),
      key,
    );
    try {
      const saved = await saveFavoriteList(context, { ...list, products });
      return { isFavorite: wanted === 'add', listId: saved.listId, listName: saved.listName };
    } catch (error) {
      if (attempt < 2 && error instanceof ApiError && error.status === 409) continue;
      throw error;
    }
  }
}
