import { DEFAULT_UNIT_OF_MEASURE, PRICE_CHUNK_SIZE, PRICE_DEBOUNCE_MS } from '@b2b/contract/constants';

/** What the store asks for: one product (or variant) in one unit and currency (spec §4 Price). */
export type PriceLookup = {
  productId: string | null | undefined;
  variantId?: string | null | undefined;
  unitOfMeasure?: string | null | undefined;
  currencyCode: string;
};

/** A found price: the net unit price excluding VAT (spec §1) and an earlier price, if any. */
export type StoredPrice = { netPrice: number; beforePrice: number | null; currencyCode: string };

/** spec §4 Price: per product, unit and currency: pending, then success or failed. */
export type PriceEntry =
  | { status: 'pending' }
  | { status: 'success'; price: StoredPrice | null }
  | { status: 'failed' };

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
 * sent per currency in chunks of PRICE_CHUNK_SIZE. Framework-free, so it is tested with fake timers.
 */
export function createPriceStore(options: PriceStoreOptions): PriceStore {
  const debounceMs = options.debounceMs ?? PRICE_DEBOUNCE_MS;
  const chunkSize = options.chunkSize ?? PRICE_CHUNK_SIZE;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const entries = new Map<string, PriceEntry>();
  const queue = new Map<string, PriceLookup & { productId: string }>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let version = 0;

  const emit = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  const settle = (keys: string[], entry: (key: string) => PriceEntry) => {
    for (const key of keys) entries.set(key, entry(key));
    emit();
  };

  async function sendChunk(currencyCode: string, lookups: (PriceLookup & { productId: string })[]) {
    const keys = lookups.map(priceLookupKey);
    try {
      const results = await options.fetchPrices(
        currencyCode,
        lookups.map((lookup) => ({
          productId: lookup.productId,
          variantId: lookup.variantId ?? null,
          unitOfMeasure: lookup.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE,
        })),
      );
      const found = new Map<string, StoredPrice>();
      for (const result of results) {
        found.set(priceLookupKey({ ...result, currencyCode }), {
          netPrice: result.netPrice,
          beforePrice: result.beforePrice,
          currencyCode: result.currencyCode,
        });
      }
      settle(keys, (key) => ({ status: 'success', price: found.get(key) ?? null }));
    } catch (error) {
      logError('[prices] price lookup failed', error);
      settle(keys, () => ({ status: 'failed' }));
    }
  }

  function flush() {
    timer = null;
    const byCurrency = new Map<string, (PriceLookup & { productId: string })[]>();
    for (const lookup of queue.values()) {
      const list = byCurrency.get(lookup.currencyCode) ?? [];
      list.push(lookup);
      byCurrency.set(lookup.currencyCode, list);
    }
    queue.clear();
    for (const [currencyCode, lookups] of byCurrency) {
      for (let start = 0; start < lookups.length; start += chunkSize) {
        void sendChunk(currencyCode, lookups.slice(start, start + chunkSize));
      }
    }
  }

  return {
    request(lookup) {
      // spec §4 Price: only products with a product id are queued.
      if (!lookup.productId) return;
      const key = priceLookupKey(lookup);
      const known = entries.get(key);
      if (known && known.status !== 'failed') return;
      entries.set(key, { status: 'pending' });
      queue.set(key, { ...lookup, productId: lookup.productId });
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
      emit();
    },
    get: (lookup) => entries.get(priceLookupKey(lookup)),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getVersion: () => version,
  };
}
