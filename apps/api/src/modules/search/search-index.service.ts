/**
 * Keeps the in-process search index fresh (architecture "Search"): built from the database at start-up, rebuilt
 * by `refresh()`, and — through LISTEN on the `product_changes` channel — rebuilt when any writer (another API
 * instance, an import job, the seed) sends NOTIFY. The database stays the source of truth; a snapshot is
 * replaced whole, so a search never sees half an update. The index is built in a worker thread (ADR 041): a rebuild
 * holds the event loop only while the catalogue is read (in chunks) and for the slices of unpacking the result; a
 * build that fails (or outgrows the worker's heap limit) is logged and the previous snapshot keeps serving.
 */
import { type BackgroundTracer, untracedBackground } from '@b2b/contract/tracing';
import type { DatabaseHandle, Executor } from '@b2b/db';
import { CategoryTree } from './category-tree.ts';
import { loadSearchSourceText, PRODUCT_CHANGES_CHANNEL } from './search.repository.ts';
import type { SearchCatalogue } from './search-catalogue.ts';
import { buildSnapshotInWorker } from './search-index-builder.ts';
import type { SearchSourceText } from './search-source.ts';

/** Notifications arriving within this window cause one rebuild (a bulk import sends many). */
const REFRESH_DEBOUNCE_MS = 250;
/**
 * A rebuild at least this often, as a safety net for writers that change the catalogue without NOTIFY (a rebuild
 * of 100k products costs a few seconds of one core).
 */
const REFRESH_INTERVAL_MS = 10 * 60_000;
/**
 * After a lost LISTEN connection, wait this long before listening again, and as long again after each attempt that
 * failed (a database restart or failover refuses connections for a while).
 */
const RELISTEN_DELAY_MS = 5_000;

export type SearchIndexLogger = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

type Unlisten = () => Promise<void>;

/** The drivers' clients, as far as LISTEN needs them (drizzle exposes them as `$client`). */
type PgliteClient = { listen(channel: string, callback: (payload: string) => void): Promise<Unlisten> };
type PgPoolClient = {
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'end', listener: () => void): void;
  release(destroy?: boolean): void;
};
type PgPool = { connect(): Promise<PgPoolClient> };

/**
 * The worker's old-generation limit: SEARCH_INDEX_WORKER_MAX_MB's default (config.ts), and the service's when it is
 * given none. The worker's heap peaks at ~270 MB at 100k products, ~580 MB at 300k (bench/results/search-rebuild.txt,
 * ADR 041).
 */
export const DEFAULT_SEARCH_INDEX_WORKER_MAX_MB = 1024;

/** Reads the catalogue's text as a rebuild does (bench:search-rebuild times the parts of a rebuild with it). */
export function readSearchSource(database: DatabaseHandle): Promise<SearchSourceText> {
  return loadSearchSourceText(database.db);
}

export type SearchIndexServiceOptions = {
  workerMaxMb?: number | undefined;
  /** Where the catalogue is read from (default: the database itself). */
  readCatalogue?: CatalogueReader | undefined;
  /** Each rebuild is a trace of its own when tracing is on (ADR 043): the catalogue's reads are its children. */
  traceBackground?: BackgroundTracer | undefined;
};

const SILENT_LOGGER: SearchIndexLogger = { info: () => {}, error: () => {} };

/**
 * Where the catalogue is read from: the read replica once it has caught up with the primary (ADR 042), or by default
 * the database itself. LISTEN stays on the primary: a standby neither receives NOTIFY nor allows LISTEN.
 */
export type CatalogueReader = <T>(read: (db: Executor) => Promise<T>) => Promise<T>;

export class SearchIndexService {
  readonly #database: DatabaseHandle;
  readonly #log: SearchIndexLogger;
  readonly #workerMaxMb: number;
  #catalogue: SearchCatalogue | null = null;
  #running: Promise<SearchCatalogue> | null = null;
  #queued: Promise<SearchCatalogue> | null = null;
  #debounce: NodeJS.Timeout | null = null;
  #unlisten: Unlisten | null = null;
  #interval: NodeJS.Timeout | null = null;
  #relisten: NodeJS.Timeout | null = null;
  #isClosed = false;
  readonly #readCatalogue: CatalogueReader;
  readonly #traceBackground: BackgroundTracer;

  constructor(
    database: DatabaseHandle,
    log: SearchIndexLogger = SILENT_LOGGER,
    options: SearchIndexServiceOptions = {},
  ) {
    this.#database = database;
    this.#log = log;
    this.#workerMaxMb = options.workerMaxMb ?? DEFAULT_SEARCH_INDEX_WORKER_MAX_MB;
    this.#readCatalogue = options.readCatalogue ?? ((read) => read(database.db));
    this.#traceBackground = options.traceBackground ?? untracedBackground;
  }

  /** The current snapshot. Throws before the first build finished (start() awaits it). */
  get catalogue(): SearchCatalogue {
    if (this.#catalogue === null) throw new Error('The search index has not been built yet.');
    return this.#catalogue;
  }

  /** Builds the first snapshot and starts listening for changes. */
  async start(): Promise<void> {
    await this.refresh();
    if (!(await this.#listen())) this.#listenLater();
    this.#interval = setInterval(() => this.#scheduleRefresh(), REFRESH_INTERVAL_MS);
    this.#interval.unref();
  }

  /**
   * Rebuilds the snapshot from the database. Calls during a rebuild are coalesced into one more rebuild after it
   * (the running one may have read the data before the change).
   */
  refresh(): Promise<SearchCatalogue> {
    if (this.#running !== null) {
      const next = () => {
        this.#queued = null;
        return this.refresh();
      };
      this.#queued ??= this.#running.then(next, next);
      return this.#queued;
    }
    const running = this.#build().finally(() => {
      if (this.#running === running) this.#running = null;
    });
    this.#running = running;
    return running;
  }

  /** Stops listening; the last snapshot stays usable. */
  async close(): Promise<void> {
    this.#isClosed = true;
    if (this.#debounce !== null) clearTimeout(this.#debounce);
    if (this.#interval !== null) clearInterval(this.#interval);
    if (this.#relisten !== null) clearTimeout(this.#relisten);
    await this.#unlisten?.();
    this.#unlisten = null;
    await this.#running?.catch(() => undefined);
    await this.#queued?.catch(() => undefined);
  }

  #build(): Promise<SearchCatalogue> {
    return this.#traceBackground('search index rebuild', {}, async (span) => {
      const catalogue = await this.#buildSnapshot();
      span.setAttributes({ 'b2b.search.products': catalogue.index.size });
      return catalogue;
    });
  }

  async #buildSnapshot(): Promise<SearchCatalogue> {
    const startedAt = performance.now();
    const source = await this.#readCatalogue(loadSearchSourceText);
    const readMilliseconds = Math.round(performance.now() - startedAt);
    const built = await buildSnapshotInWorker(source, this.#workerMaxMb);
    const catalogue: SearchCatalogue = {
      index: built.index,
      summaries: built.summaries,
      categories: new CategoryTree(source.categories),
      defaultFacets: new Map(source.defaultFacets),
      builtAt: new Date(),
      buildMilliseconds: Math.round(performance.now() - startedAt),
    };
    this.#catalogue = catalogue;
    this.#log.info(
      {
        products: built.index.size,
        milliseconds: catalogue.buildMilliseconds,
        readMilliseconds,
        workerMilliseconds: built.workerMilliseconds,
        unpackMilliseconds: built.unpackMilliseconds,
        workerHeapMb: Math.round(built.workerHeapBytes / 2 ** 20),
      },
      'search index built',
    );
    if (built.skippedRecords > 0) {
      this.#log.error({ skippedRecords: built.skippedRecords }, 'search index skipped records holding U+001E/U+001F');
    }
    return catalogue;
  }

  #scheduleRefresh(): void {
    if (this.#isClosed || this.#debounce !== null) return;
    this.#debounce = setTimeout(() => {
      this.#debounce = null;
      this.refresh().catch((error: unknown) => this.#log.error({ err: error }, 'search index refresh failed'));
    }, REFRESH_DEBOUNCE_MS);
    this.#debounce.unref();
  }

  /**
   * Tries to listen again after RELISTEN_DELAY_MS, and again after each failure, until it listens or the service
   * closes. Changes may have been missed while nobody listened, so a listen that works is followed by a rebuild.
   */
  #listenLater(): void {
    if (this.#isClosed || this.#relisten !== null) return;
    this.#relisten = setTimeout(() => {
      this.#relisten = null;
      void this.#listen().then((listening) => {
        if (listening) this.#scheduleRefresh();
        else this.#listenLater();
      });
    }, RELISTEN_DELAY_MS);
    this.#relisten.unref();
  }

  /** Starts listening for product changes; false when it could not (the caller decides whether to try again). */
  async #listen(): Promise<boolean> {
    if (this.#isClosed) return false;
    const client = (this.#database.db as unknown as { $client: unknown }).$client;
    try {
      if (this.#database.kind === 'pglite') {
        this.#unlisten = await (client as PgliteClient).listen(PRODUCT_CHANGES_CHANNEL, () => this.#scheduleRefresh());
        return true;
      }
      // PostgreSQL: LISTEN needs one connection of its own for as long as we listen.
      const connection = await (client as PgPool).connect();
      // A connection reports its loss by 'error', 'end' or both; act once, and not when we released it ourselves.
      let isDone = false;
      const onLost = (error?: Error) => {
        if (isDone) return;
        isDone = true;
        this.#log.error({ err: error }, 'search index LISTEN connection lost; listening again shortly');
        connection.release(true);
        this.#unlisten = null;
        this.#listenLater();
      };
      connection.on('notification', (message) => {
        if (message.channel === PRODUCT_CHANGES_CHANNEL) this.#scheduleRefresh();
      });
      connection.on('error', onLost);
      connection.on('end', () => onLost());
      try {
        await connection.query(`LISTEN ${PRODUCT_CHANGES_CHANNEL}`);
      } catch (error) {
        isDone = true;
        connection.release(true);
        throw error;
      }
      this.#unlisten = async () => {
        if (isDone) return;
        isDone = true;
        await connection.query(`UNLISTEN ${PRODUCT_CHANGES_CHANNEL}`).catch(() => undefined);
        connection.release();
      };
      return true;
    } catch (error) {
      this.#log.error({ err: error }, 'search index could not LISTEN for product changes; refresh() still works');
      return false;
    }
  }
}
