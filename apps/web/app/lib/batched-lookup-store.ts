import { browserLog } from './browser-log.ts';
/**
 * The browser's batching look-up queue (spec §4, §9): what many components ask for within a pause after the last
 * request goes to the server together, in chunks of what one call takes. Prices (lib/prices/price-store.ts, grouped
 * by currency) and discount splashes (lib/campaigns/splash-store.ts) are the two; each says how a query is keyed,
 * grouped and fetched. Framework-free, so it is tested with fake timers.
 *
 * Per key: pending, then success (with the value, or `missing` when the answer had none) or failed (logged, asked
 * again on the next request, never shown as an error).
 */
export type LookupEntry<V> = { status: 'pending' } | { status: 'success'; value: V } | { status: 'failed' };

export type BatchedLookupStoreOptions<Q, V> = {
  keyOf: (query: Q) => string;
  /** Queries of one request share a group (prices: the currency); without, all are one group. */
  groupOf?: (query: Q) => string;
  /** Fetches one chunk of one group: the value per key; a key not in the answer gets `missing`. */
  fetchChunk: (queries: Q[]) => Promise<ReadonlyMap<string, V>>;
  missing: V;
  debounceMs: number;
  chunkSize: number;
  /** What the log says a failed chunk was, e.g. "[prices] price lookup failed". */
  failureMessage: string;
  logError?: ((message: string, error: unknown) => void) | undefined;
};

export type BatchedLookupStore<Q, V> = {
  /** Queues the queries not yet known or on their way. */
  request(queries: readonly Q[]): void;
  get(key: string): LookupEntry<V> | undefined;
  /** Values the page already carries (rendered on the server): known, never asked for again. */
  prime(values: ReadonlyMap<string, V>, keys: readonly string[]): void;
  subscribe(listener: () => void): () => void;
  /** Changes with every state change (for useSyncExternalStore). */
  getVersion(): number;
};

export function createBatchedLookupStore<Q, V>(options: BatchedLookupStoreOptions<Q, V>): BatchedLookupStore<Q, V> {
  const { keyOf, fetchChunk, missing, debounceMs, chunkSize, failureMessage } = options;
  const groupOf = options.groupOf ?? (() => '');
  const logError = options.logError ?? ((message, error) => browserLog.error(message, error));
  const entries = new Map<string, LookupEntry<V>>();
  const queue = new Map<string, Q>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let version = 0;

  const emit = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  async function sendChunk(queries: Q[]) {
    const keys = queries.map(keyOf);
    try {
      const found = await fetchChunk(queries);
      for (const key of keys) entries.set(key, { status: 'success', value: found.get(key) ?? missing });
    } catch (error) {
      logError(failureMessage, error);
      for (const key of keys) entries.set(key, { status: 'failed' });
    }
    emit();
  }

  function flush() {
    timer = null;
    const groups = new Map<string, Q[]>();
    for (const query of queue.values()) {
      const group = groupOf(query);
      groups.set(group, [...(groups.get(group) ?? []), query]);
    }
    queue.clear();
    for (const queries of groups.values()) {
      for (let start = 0; start < queries.length; start += chunkSize) {
        void sendChunk(queries.slice(start, start + chunkSize));
      }
    }
  }

  return {
    request(queries) {
      let isQueued = false;
      for (const query of queries) {
        const key = keyOf(query);
        const known = entries.get(key);
        if (known && known.status !== 'failed') continue;
        entries.set(key, { status: 'pending' });
        queue.set(key, query);
        isQueued = true;
      }
      if (!isQueued) return;
      // the pause restarts with every new query: a burst of rows or suggestions becomes one call
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
      emit();
    },
    get: (key) => entries.get(key),
    prime(values, keys) {
      for (const key of keys) entries.set(key, { status: 'success', value: values.get(key) ?? missing });
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getVersion: () => version,
  };
}
