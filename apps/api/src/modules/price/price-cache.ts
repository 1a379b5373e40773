/**
 * An in-process cache for GetPrices, which every listing page calls in chunks of 12 (spec §9), for each customer.
 * On PGlite every statement costs several protocol round trips into WebAssembly (1–4 ms on a busy machine), so the
 * hot path must not depend on a query per call. Entries expire after PRICE_CACHE_TTL_MS: a price changed in the
 * database shows within that time on every instance. Only GetPrices reads it; anything that books money (cart
 * calculation, orders) reads the database itself.
 */
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { ProductPriceRows } from './price-calculation.ts';

export const PRICE_CACHE_TTL_MS = 60_000;
/** Bounds memory: about 150 bytes per entry, so at most some 15 MB per cache. */
export const PRICE_CACHE_MAX_ENTRIES = 100_000;

export type PriceCache = {
  /** `currency|priceGroup|productId` → the product's rows, or null when it has no price in that currency. */
  products: TtlCache<string, ProductPriceRows | null>;
  /** variant id → its product id, or null when there is no such variant. */
  variants: TtlCache<string, string | null>;
  /** area id → VAT rate in basis points, or null when the area has none. */
  vatRates: TtlCache<string, number | null>;
};

export function createPriceCache(): PriceCache {
  const options = { ttlMs: PRICE_CACHE_TTL_MS, maxEntries: PRICE_CACHE_MAX_ENTRIES };
  return { products: new TtlCache(options), variants: new TtlCache(options), vatRates: new TtlCache(options) };
}

export function productPriceKey(currencyCode: string, priceGroupId: string | null, productId: string): string {
  return `${currencyCode}|${priceGroupId ?? ''}|${productId}`;
}
