import { MAX_LOOKUP_IDS } from '@b2b/contract/constants';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import type { GetFavoriteListResponse } from '@b2b/contract/favorite-list';
import { favoriteProductKeyOf } from '@b2b/contract/favorite-list-rules';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getFavoriteList, saveFavoriteList } from '~/lib/favorites/favorite-lists.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { findUnusualQuantities } from '~/lib/unusual-quantities.server.ts';
import {
  CONFIRM_QUANTITIES_MESSAGE,
  CONFIRMED_QUANTITIES_FIELD,
  type UnusualQuantity,
} from '~/lib/unusual-quantities.ts';
import {
  type FavoriteCartLine,
  type FavoriteLineNote,
  type FavoriteLineView,
  planFavoriteCartLines,
} from './favorite-lines.ts';
import { parseFavoriteLineSort } from './favorite-list-params.ts';
import { QUANTITY_FIELD_PREFIX, SELECTED_FIELD } from './favorite-list-result.ts';

type Context = Readonly<RouterContextProvider>;

/** What the list page shows (issue 26 §1). */
export type FavoriteListPageData = {
  list: { listId: string; listName: string; version: number; isActive: boolean; productCount: number };
  lines: FavoriteLineView[];
  sort: ReturnType<typeof parseFavoriteLineSort>;
};

/**
 * Product ids among `productIds` that are sold in variants: a favourite saved without a variant (a card's heart before
 * a size was chosen) needs one before the cart takes it. Asked only for such favourites, in chunks the API takes.
 */
async function findProductsSoldInVariants(context: Context, productIds: readonly string[]): Promise<Set<string>> {
  const { area } = getSession(context);
  const withVariants = new Set<string>();
  for (let start = 0; start < productIds.length; start += MAX_LOOKUP_IDS) {
    const ids = productIds.slice(start, start + MAX_LOOKUP_IDS);
    try {
      const { items } = await getApi(context).call(productEndpoints.getProductsByIds, {
        body: { area, ids, lookupTemplate: 'product-cart' },
      });
      for (const product of Object.values(items)) if (product.variants.length > 0) withVariants.add(product.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return withVariants;
}

/** The list's products as the page's lines: GetFavoriteList answers what each shows (one call for all of them). */
export async function toFavoriteLines(context: Context, list: GetFavoriteListResponse): Promise<FavoriteLineView[]> {
  const productLevelIds = [
    ...new Set(list.products.filter((product) => product.variantId === null).map((product) => product.productId)),
  ];
  const soldInVariants =
    productLevelIds.length > 0 ? await findProductsSoldInVariants(context, productLevelIds) : new Set();
  return list.products.map((product, position) => {
    const { details } = product;
    return {
      key: favoriteProductKeyOf(product),
      productId: product.productId,
      variantId: product.variantId,
      unitOfMeasure: product.unitOfMeasure,
      itemNumber: product.variantId ?? product.productId,
      name: details.name,
      // the variant as the buyer chooses it ("M · Black"), as cards and the cart name it
      variantLabel: product.variantId
        ? [details.size, details.colour].filter(Boolean).join(' · ') || details.variantName
        : null,
      url: details.url || null,
      image: details.imageUrl ? { url: details.imageUrl, alt: details.imageAlt || details.name } : null,
      price:
        details.netUnitPrice === null
          ? null
          : { netPrice: details.netUnitPrice, beforePrice: null, currencyCode: list.currencyCode },
      stockLevel: details.stockLevel,
      newStockDate: details.newStockDate,
      maxLineQuantity: details.maxLineQuantity,
      position,
      status: details.isDiscontinued
        ? 'unavailable'
        : product.variantId === null && soldInVariants.has(product.productId)
          ? 'needs-variant'
          : 'orderable',
    };
  });
}

export async function loadFavoriteListPage(context: Context, listId: string, url: URL): Promise<FavoriteListPageData> {
  let list: GetFavoriteListResponse;
  try {
    list = await getFavoriteList(context, listId);
  } catch (error) {
    // another customer's list, an unknown or a malformed id: the 404 page (issue 26 §1)
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
  return {
    list: {
      listId: list.listId,
      listName: list.listName,
      version: list.version,
      isActive: list.isActive,
      productCount: list.productCount,
    },
    lines: await toFavoriteLines(context, list),
    sort: parseFavoriteLineSort(url.searchParams),
  };
}

/** What the list page's actions answer: a message, and per line what adding did or why it did not. */
export type FavoriteListPageResult = {
  key: string;
  ok: boolean;
  message: string;
  notes: FavoriteLineNote[];
  /** Another tab saved the list first (409): the page shows the list as it is now. */
  isStale?: boolean;
  /**
   * Quantities far above what the customer usually orders (ADR 019): nothing was added; the page asks, and sends the
   * same form again with CONFIRMED_QUANTITIES_FIELD and this `intent`.
   */
  unusualQuantities?: UnusualQuantity[];
  intent?: string;
};

function answer(body: Omit<FavoriteListPageResult, 'key'>, status = 200) {
  return data<FavoriteListPageResult>({ key: crypto.randomUUID(), ...body }, { status });
}

/**
 * Removes one product from the list, saved with the version the page showed: when another tab saved the list since,
 * the API's 409 message is shown and nothing is changed (the page reads the list again).
 */
export async function removeFavoriteLine(context: Context, listId: string, form: FormData) {
  const key = String(form.get('productKey') ?? '');
  const version = Number(form.get('version'));
  try {
    const list = await getFavoriteList(context, listId);
    const products = list.products.filter((product) => favoriteProductKeyOf(product) !== key);
    await saveFavoriteList(context, { listId, listName: list.listName, version, products });
    const removed = list.products.find((product) => favoriteProductKeyOf(product) === key);
    return answer({
      ok: true,
      message: removed ? `Removed ${removed.details.name} from ${list.listName}.` : 'Removed.',
      notes: [],
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return answer({ ok: false, isStale: true, message: error.message, notes: [] }, 409);
    if (error.status === 404) throw data(null, { status: 404 });
    console.error('[favorites] remove failed', error.status, error.type);
    return answer({ ok: false, message: 'The list could not be changed. Please try again.', notes: [] }, 502);
  }
}

/**
 * "Add all to cart" / "Add selected": the list read again (stock and what is still sold, as of now), each line's
 * typed quantity, then ONE cart call for every line (issue 26 §1). `addLines` is the cart's own AddOrUpdateLines.
 */
export async function addFavoriteLinesToCart(
  context: Context,
  listId: string,
  form: FormData,
  addLines: (lines: FavoriteCartLine[]) => Promise<void>,
  refusalOf: (fieldMessage: string) => string,
) {
  const list = await getFavoriteList(context, listId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  const lines = await toFavoriteLines(context, list);
  const quantities: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name.startsWith(QUANTITY_FIELD_PREFIX) && typeof value === 'string')
      quantities[name.slice(QUANTITY_FIELD_PREFIX.length)] = value;
  }
  const isSelectedOnly = form.get('intent') === 'add-selected';
  const selected = isSelectedOnly ? new Set(form.getAll(SELECTED_FIELD).map(String)) : null;
  if (selected && selected.size === 0)
    return answer({ ok: false, message: 'Select the lines to add first.', notes: [] }, 400);
  const plan = planFavoriteCartLines(lines, quantities, selected);
  const errors = plan.notes.filter((note) => note.kind === 'error');
  if (errors.length > 0)
    return answer({ ok: false, message: 'Nothing was added: correct the lines marked.', notes: errors }, 400);
  if (plan.lines.length === 0)
    return answer({ ok: false, message: 'Nothing to add: enter a quantity.', notes: [] }, 400);
  if (form.get(CONFIRMED_QUANTITIES_FIELD) !== 'true') {
    const unusualQuantities = await findUnusualQuantities(
      context,
      plan.lines.map((line) => {
        const view = lines.find(
          (candidate) => candidate.productId === line.productId && candidate.variantId === line.variantId,
        );
        const name = view ? [view.name, view.variantLabel].filter(Boolean).join(', ') : null;
        return { ...line, itemNumber: view?.itemNumber ?? line.variantId ?? line.productId, name };
      }),
    );
    if (unusualQuantities.length > 0) {
      const intent = String(form.get('intent'));
      return answer({ ok: false, message: CONFIRM_QUANTITIES_MESSAGE, notes: [], unusualQuantities, intent });
    }
  }
  try {
    await addLines(plan.lines);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    console.error('[favorites] AddOrUpdateLines failed', error.status, error.type);
    const notes: FavoriteLineNote[] = [];
    for (const fieldError of error.body?.errors ?? []) {
      const index = /^lines\.(\d+)\./.exec(fieldError.field)?.[1];
      const line = index === undefined ? undefined : plan.lines[Number(index)];
      const view =
        line &&
        lines.find((candidate) => candidate.productId === line.productId && candidate.variantId === line.variantId);
      if (view) notes.push({ key: view.key, kind: 'error', message: refusalOf(fieldError.message) });
    }
    return answer({ ok: false, message: 'Nothing was added: the cart refused a line.', notes }, 400);
  }
  const units = plan.lines.reduce((sum, line) => sum + line.quantity, 0);
  const backordered = plan.notes.filter((note) => note.kind === 'backorder').length;
  const message =
    `Added ${units} ${units === 1 ? 'unit' : 'units'} (${plan.lines.length} ${plan.lines.length === 1 ? 'line' : 'lines'}) to the cart.` +
    (backordered > 0 ? ` ${backordered} ${backordered === 1 ? 'line is' : 'lines are'} on backorder.` : '');
  return answer({ ok: true, message, notes: plan.notes });
}
