/**
 * The favourite-list rules of spec §4, pure, shared by the API (which enforces them) and the storefront (which shows
 * a heart's state and names a new list before the answer arrives). Imports only constants, so browser code may use
 * it (ADR 026).
 *
 * - The first list is the active one: lists are ordered by `touchedAt`, newest first, and setting a list active
 *   touches it (moves it to the front).
 * - Adding or removing a product toggles its presence in a list (a product twice is one product).
 * - With no lists, the first is named "Favorite list"; a further new list gets the list count as a numeric suffix in
 *   parentheses: the second list is "Favorite list (2)", the third "Favorite list (3)".
 */
import { DEFAULT_FAVORITE_LIST_NAME, DEFAULT_UNIT_OF_MEASURE } from './constants.ts';

/** A product in a list: the product key of spec §3 (unit of measure STK when not given). */
export type FavoriteProductKey = {
  productId: string;
  variantId?: string | null;
  unitOfMeasure?: string | null;
};

/** One string per distinct product key: equal keys (also a missing and an explicit STK unit) give equal strings. */
export function favoriteProductKeyOf(key: FavoriteProductKey): string {
  return `${key.productId}\u0001${key.variantId ?? ''}\u0001${key.unitOfMeasure ?? DEFAULT_UNIT_OF_MEASURE}`;
}

/** Whether the list holds the product (the same product, variant and unit). */
export function hasFavoriteProduct(products: readonly FavoriteProductKey[], key: FavoriteProductKey): boolean {
  const wanted = favoriteProductKeyOf(key);
  return products.some((product) => favoriteProductKeyOf(product) === wanted);
}

/** The products with each key once, where it first occurs (issue 26: a product twice collapses into one). */
export function collapseFavoriteProducts<P extends FavoriteProductKey>(products: readonly P[]): P[] {
  const seen = new Set<string>();
  const collapsed: P[] = [];
  for (const product of products) {
    const key = favoriteProductKeyOf(product);
    if (seen.has(key)) continue;
    seen.add(key);
    collapsed.push(product);
  }
  return collapsed;
}

/**
 * spec §4: adding or removing a product toggles its presence. A product the list holds is removed (every copy);
 * one it lacks is added at the end. `isAdded` says which happened (the storefront's toast names it).
 */
export function toggleFavoriteProduct<P extends FavoriteProductKey>(
  products: readonly P[],
  key: P,
): { products: P[]; isAdded: boolean } {
  const wanted = favoriteProductKeyOf(key);
  const kept = products.filter((product) => favoriteProductKeyOf(product) !== wanted);
  if (kept.length < products.length) return { products: kept, isAdded: false };
  return { products: [...products, key], isAdded: true };
}

/** The form of a name that uniqueness compares: trimmed, lower case ("Summer " and "summer" are one name). */
export function favoriteListNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-GB');
}

/**
 * spec §4, §9: the name of a new list when the buyer gives none. With no lists, "Favorite list"; otherwise the list
 * count once the new list exists, in parentheses ("Favorite list (2)" for the second). When that name is taken (a
 * list was renamed or deleted), the next free number.
 */
export function nextFavoriteListName(existingNames: readonly string[]): string {
  if (existingNames.length === 0) return DEFAULT_FAVORITE_LIST_NAME;
  const taken = new Set(existingNames.map(favoriteListNameKey));
  for (let number = existingNames.length + 1; ; number++) {
    const name = `${DEFAULT_FAVORITE_LIST_NAME} (${number})`;
    if (!taken.has(favoriteListNameKey(name))) return name;
  }
}

/** What ordering needs of a list: when it was touched (created or set active), and a stable tie-break. */
export type TouchedList = { listId: string; touchedAt: string | Date };

function timeOf(value: string | Date): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/**
 * spec §4: the lists, active first: most recently touched first; lists touched at the same instant by id, so every
 * caller sees one order.
 */
export function orderFavoriteListsActiveFirst<L extends TouchedList>(lists: readonly L[]): L[] {
  return [...lists].sort((a, b) => timeOf(b.touchedAt) - timeOf(a.touchedAt) || a.listId.localeCompare(b.listId));
}

/** spec §4: the active list (the first), or null when there is none. */
export function activeFavoriteListOf<L extends TouchedList>(lists: readonly L[]): L | null {
  return orderFavoriteListsActiveFirst(lists)[0] ?? null;
}
