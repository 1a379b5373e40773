/**
 * The hearts of listing cards, the product page's variants and cart lines (issue 26 §1): which of the products a page
 * shows are in the customer's active favourite list (spec §4: the first list is the active one), and that list's
 * name, which every heart says. Browser-safe: pages carry it in their loader data, the heart reads it.
 */

/** A product key as the hearts send it: a product, or one of its variants, in a unit. */
export type FavoriteProductKey = { productId: string; variantId: string | null; unitOfMeasure: string };

/**
 * The page's view of the active list: its id (null while the customer has none: the first heart creates it, spec §4
 * "Favorite list"), its name, and the keys (the contract's `favoriteProductKeyOf`, one string per product key) of the page's products that are in it.
 */
export type FavoriteMarks = { listId: string | null; listName: string; keys: string[] };

/** Where the hearts post (the resource route `routes/resources.favorite-list.ts`). */
export const FAVORITE_TOGGLE_ACTION = '/resources/favorite-list';

/** The form field that asks the toggle's action for a JSON answer (a fetcher's submission) instead of a redirect. */
export const FAVORITE_REPLY_FIELD = 'reply';

/** What the toggle's action answers a fetcher: the message its toast shows names the list. */
export type FavoriteToggleResult =
  | { key: string; ok: true; isFavorite: boolean; listId: string; listName: string; message: string }
  | { key: string; ok: false; message: string };

/** The keys a product's hearts may stand for: the product itself (a card before a variant is chosen) and each variant. */
export function favoriteKeysOfProduct(product: {
  id: string;
  unitOfMeasure: string;
  variants: ReadonlyArray<{ id: string }>;
}): FavoriteProductKey[] {
  return [
    { productId: product.id, variantId: null, unitOfMeasure: product.unitOfMeasure },
    ...product.variants.map((variant) => ({
      productId: product.id,
      variantId: variant.id,
      unitOfMeasure: product.unitOfMeasure,
    })),
  ];
}
