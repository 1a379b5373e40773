import { DEFAULT_UNIT_OF_MEASURE, PRICE_CHUNK_SIZE, PRICE_DEBOUNCE_MS } from '@b2b/contract/constants';
import { createBatchedLookupStore, type LookupEntry } from '../batched-lookup-store.ts';

/** What the store asks for: one product (or variant) in one unit and currency (spec §4 Price). */
export type PriceLookup = {
  productId: string | null | undefined;
  variantId?: string | null | undefined;
  unitOfMeasure?: string | null | undefined;
  currencyCode: string;
};

/** A found price: the net unit price excluding VAT (spec §1) and an earlier price, if any. */
export type StoredPrice = { netPrice: number; beforePrice: number | null; currencyCode: string };

/** spec §4 Price: per product, unit and currency: pending, then success (null: no price) or failed. */
export type PriceEntry = LookupEntry<StoredPrice | null>;

export type PriceFetchKey = { productId: string; variantId: string | null; unitOfMeasure: string };
export type PriceFetchResult = PriceFetchKey & StoredPrice;

export type PriceStoreOptions = {
  /** Asks the server for one chunk (at most `chunkSize` keys) in one currency. */
  fetchPrices: (currencyCode: string, keys: PriceFetchKey[]) => Promise<PriceFetchResult[]>;
  debounceMs?: number;
  chunkSize?: number;
  /** spec §4, §8: price errors are only logged. */
  logError?: (message: string, error: unknown) => void;
};

export type PriceStore = {
  /** Queues a lookup unless the price is known or on its way; lookups without a product id are ignored. */
  request(lookup: PriceLookup): void;
  get(lookup: PriceLookup): PriceEntry | undefined;
  subscribe(listener: () => void): () => void;
  /** Changes with every state change (for useSyncExternalStore). */
  getVersion(): number;
};

export function priceLookupKey(lookup: PriceLookup): string {
  return [
    lookup.currencyCode,
    lookup.productId ?? '',
    lookup.variantId ?? '',
    lookup.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE,
  ].join('|');
}

/**
 * The client price store of spec §4 and §9: lookups are collected for PRICE_DEBOUNCE_MS after the last one, then
 * sent per currency in chunks of PRICE_CHUNK_SIZE (the batching queue of lib/batched-lookup-store.ts).
 */
export function createPriceStore(options: PriceStoreOptions): PriceStore {
  const store = createBatchedLookupStore<PriceLookup & { productId: string }, StoredPrice | null>({
    keyOf: priceLookupKey,
    groupOf: (lookup) => lookup.currencyCode,
    async fetchChunk(lookups) {
      const currencyCode = lookups[0]?.currencyCode ?? '';
      const results = await options.fetchPrices(
        currencyCode,
        lookups.map((lookup) => ({
          productId: lookup.productId,
          variantId: lookup.variantId ?? null,
          unitOfMeasure: lookup.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE,
        })),
      );
      return new Map(
        results.map((result) => [
          priceLookupKey({ ...result, currencyCode }),
          { netPrice: result.netPrice, beforePrice: result.beforePrice, currencyCode: result.currencyCode },
        ]),
      );
    },
    missing: null,
    debounceMs: options.debounceMs ?? PRICE_DEBOUNCE_MS,
    chunkSize: options.chunkSize ?? PRICE_CHUNK_SIZE,
    failureMessage: '[prices] price lookup failed',
    logError: options.logError,
  });
  return {
    request(lookup) {
      // spec §4 Price: only products with a product id are queued.
      if (lookup.productId) store.request([{ ...lookup, productId: lookup.productId }]);
    },
    get: (lookup) => store.get(priceLookupKey(lookup)),
    subscribe: store.subscribe,
    getVersion: store.getVersion,
  };
}
