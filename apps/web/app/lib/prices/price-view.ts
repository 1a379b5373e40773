/** What a page needs of one price: the net unit price excluding VAT (spec §1) and an earlier price, if any. */
export type PriceView = {
  netPrice: number;
  beforePrice: number | null;
  currencyCode: string;
};

/** Prices keyed by `priceKey`; `null` in loader data means "not logged in: show no prices". */
export type PriceMap = Record<string, PriceView>;

export function priceKey(productId: string, variantId?: string | null): string {
  return variantId ? `${productId}/${variantId}` : productId;
}

/** The earlier price is only worth showing (struck through) when it is higher than today's. */
export function hasHigherBeforePrice(price: PriceView): price is PriceView & { beforePrice: number } {
  return price.beforePrice !== null && price.beforePrice > price.netPrice;
}
