import { useEffect, useSyncExternalStore } from 'react';
import {
  createPriceStore,
  type PriceEntry,
  type PriceFetchResult,
  type PriceLookup,
  priceLookupKey,
} from './price-store.ts';

/** Asks the web's resource route (ADR 001: the browser never calls the API), which calls GetPrices. */
async function fetchPrices(currencyCode: string, products: unknown[]): Promise<PriceFetchResult[]> {
  const response = await fetch('/resources/prices', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ currencyCode, products }),
  });
  if (!response.ok) throw new Error(`price lookup answered ${response.status}`);
  return ((await response.json()) as { prices: PriceFetchResult[] }).prices;
}

/** One store per browser tab; on the server nothing is ever requested (effects do not run there). */
const priceStore = createPriceStore({ fetchPrices });

/** The price of one product, variant and unit in a currency: undefined until asked, then pending → success | failed. */
export function usePrice(lookup: PriceLookup): PriceEntry | undefined {
  useSyncExternalStore(priceStore.subscribe, priceStore.getVersion, () => 0);
  const key = priceLookupKey(lookup);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the lookup
  useEffect(() => {
    priceStore.request(lookup);
  }, [key]);
  return priceStore.get(lookup);
}
