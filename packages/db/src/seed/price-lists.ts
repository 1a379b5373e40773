/** Price groups, currencies and price-list ids of the seed. */

export type SeedCurrency = 'EUR' | 'USD' | 'XNOK';
export const SEED_CURRENCIES: readonly SeedCurrency[] = ['EUR', 'USD', 'XNOK'];

/** Customer price groups and their base discount in basis points; each brand varies it by up to ±5 points. */
export const SEED_PRICE_GROUPS: readonly { id: string; name: string; baseDiscountBasisPoints: number }[] = [
  { id: 'A', name: 'Price group A (dealers)', baseDiscountBasisPoints: 1_000 },
  { id: 'B', name: 'Price group B (key accounts)', baseDiscountBasisPoints: 2_000 },
  { id: 'C', name: 'Price group C (distributors)', baseDiscountBasisPoints: 3_000 },
];

/** Id of the list-price list (price group null) for a currency. */
export function toListPriceId(currency: string): string {
  return `list-${currency}`;
}

/** Id of a price group's net-price list for a currency. */
export function toGroupPriceListId(groupId: string, currency: string): string {
  return `group-${groupId}-${currency}`;
}
