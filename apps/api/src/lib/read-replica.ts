/**
 * The read replica (issue 30, ADR 042): a second pool, on DATABASE_READ_URL, for reads that may lag the primary by a
 * moment — the search index load, product reads, the customer's documents. Whether a read may go there is decided
 * per read (`readFromReplica` in context.ts), from what this instance knows:
 *
 * - the replica's lag, probed every second: the primary's WAL position is sampled, and the replica is as far behind
 *   as the oldest sample it has not replayed yet. Beyond READ_REPLICA_MAX_LAG_MS, or when the probe fails, reads go
 *   to the primary (counted by reason; a log line when the state changes);
 * - the caller: staff (a user without a customer) always read the primary, since they edit what they read; a caller
 *   who committed a write (`inTransaction`) reads the primary for as long as the replica may lag behind it;
 * - the answer: a NotFoundException on the replica (a document placed through another instance a moment ago) and any
 *   database error there are retried on the primary.
 *
 * The search index is rebuilt from the replica once it has replayed the primary's position at the start of the
 * rebuild, so a NOTIFY never rebuilds from a replica that has not yet seen the change (else from the primary).
 */
import { type Database, type Executor, queryRows } from '@b2b/db';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ReplicaReadOptions, ReplicaReads, RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';

/** How often the replica's lag is measured. */
export const READ_REPLICA_PROBE_INTERVAL_MS = 1000;
/** While waiting for the replica to replay a position (the search index load): how often it is asked. */
const CATCH_UP_POLL_MS = 50;
/** Callers remembered as having written (per instance): more than write in any few seconds. */
const MAX_RECENT_WRITERS = 10_000;

/** Why a read that could have gone to the replica went to the primary. */
export const READ_REPLICA_FALLBACK_REASONS = ['unavailable', 'lagging', 'error', 'not_found'] as const;
export type ReadReplicaFallbackReason = (typeof READ_REPLICA_FALLBACK_REASONS)[number];

export type ReadReplicaState = 'up' | 'lagging' | 'unavailable';

export type ReadReplicaLogger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

/** A PostgreSQL WAL position (`16/B374D848`) as a number that compares. */
export function parseWalPosition(position: string): bigint {
  const [high, low] = position.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${position}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** A sample of the primary's WAL position and when it was taken. */
type PrimarySample = { at: number; position: bigint };

/**
 * How far behind the replica is, in milliseconds, given the primary's recent positions (oldest first) and the
 * replica's replayed position: since the oldest sample it has not replayed; 0 when it has replayed them all.
 */
export function replicaLagMs(samples: readonly PrimarySample[], replayed: bigint, now: number): number {
  const firstAhead = samples.find((sample) => sample.position > replayed);
  return firstAhead === undefined ? 0 : now - firstAhead.at;
}

export class ReadReplica implements ReplicaReads {
  readonly #primary: Database;
  readonly #replica: Database;
  readonly #maxLagMs: number;
  readonly #log: ReadReplicaLogger;
  /** Callers (user ids) who wrote lately: they read the primary until the entry expires. */
  readonly #recentWriters: LRUCache<string, true>;
  #samples: PrimarySample[] = [];
  #state: ReadReplicaState = 'unavailable';
  #hasProbed = false;
  #lagMs: number | null = null;
  #probing: Promise<void> | null = null;
  #interval: NodeJS.Timeout | null = null;
  /** Reads the replica answered, and reads that went to the primary instead, by reason (the metrics read these). */
  readonly totals = {
    replica: 0,
    fallbacks: { unavailable: 0, lagging: 0, error: 0, not_found: 0 } satisfies Record<
      ReadReplicaFallbackReason,
      number
    >,
  };

  constructor(options: { primary: Database; replica: Database; maxLagMs: number; log: ReadReplicaLogger }) {
    this.#primary = options.primary;
    this.#replica = options.replica;
    this.#maxLagMs = options.maxLagMs;
    this.#log = options.log;
    // A write is replayed once the replica is no more than maxLag behind, which the probe may see one interval late.
    this.#recentWriters = new LRUCache({
      max: MAX_RECENT_WRITERS,
      ttl: options.maxLagMs + 2 * READ_REPLICA_PROBE_INTERVAL_MS,
    });
  }

  get state(): ReadReplicaState {
    return this.#state;
  }

  /** The lag the last probe measured; null when it could not (the replica unreachable). */
  get lagMs(): number | null {
    return this.#lagMs;
  }

  /** Measures the replica once (so start-up says whether it is used), then every second. */
  async start(): Promise<void> {
    await this.probe();
    this.#log.info({ state: this.#state, lagMs: this.#lagMs }, 'read replica configured (DATABASE_READ_URL)');
    this.#interval = setInterval(() => void this.probe(), READ_REPLICA_PROBE_INTERVAL_MS);
    this.#interval.unref();
  }

  async close(): Promise<void> {
    if (this.#interval !== null) clearInterval(this.#interval);
    await this.#probing;
  }

  /** One measurement of the lag; concurrent calls share it. Never throws: a failure makes the replica unavailable. */
  probe(): Promise<void> {
    this.#probing ??= this.#measure().finally(() => {
      this.#probing = null;
    });
    return this.#probing;
  }

  async #measure(): Promise<void> {
    const [primary] = await queryRows<{ position: string }>(
      this.#primary,
      sql`select pg_current_wal_lsn()::text as position`,
    ).catch(() => []);
    // The primary unreachable is not the replica's fault, and every read fails over to it anyway: keep the state.
    if (primary === undefined) return;
    const now = Date.now();
    this.#samples.push({ at: now, position: parseWalPosition(primary.position) });
    const keepSince = now - this.#maxLagMs - 3 * READ_REPLICA_PROBE_INTERVAL_MS;
    while (this.#samples.length > 1 && (this.#samples[0]?.at ?? now) < keepSince) this.#samples.shift();
    try {
      const replayed = await this.#replayedPosition();
      this.#lagMs = replayed === null ? 0 : replicaLagMs(this.#samples, replayed, Date.now());
      this.#setState(this.#lagMs > this.#maxLagMs ? 'lagging' : 'up');
    } catch (error) {
      this.#lagMs = null;
      this.#setState('unavailable', error);
    }
  }

  /** The position the replica has replayed; null when it is not a standby (then it is as current as it gets). */
  async #replayedPosition(): Promise<bigint | null> {
    const [row] = await queryRows<{ isStandby: boolean; position: string | null }>(
      this.#replica,
      sql`select pg_is_in_recovery() as "isStandby", pg_last_wal_replay_lsn()::text as position`,
    );
    if (row === undefined || !row.isStandby) return null;
    // A standby that has replayed nothing yet is behind everything.
    return row.position === null ? -1n : parseWalPosition(row.position);
  }

  #setState(state: ReadReplicaState, error?: unknown): void {
    if (state === this.#state && this.#hasProbed) return;
    const previous = this.#hasProbed ? this.#state : 'starting';
    this.#hasProbed = true;
    this.#state = state;
    // The first probe's outcome is in start()'s line; a replica down at start is worth its warning too.
    if (previous === 'starting' && state === 'up') return;
    const detail = { previous, state, lagMs: this.#lagMs, maxLagMs: this.#maxLagMs, err: error };
    if (state === 'up') this.#log.info(detail, 'read replica in use again');
    else this.#log.warn(detail, 'read replica not used: reads go to the primary');
  }

  #count(reason: ReadReplicaFallbackReason): void {
    this.totals.fallbacks[reason] += 1;
  }

  noteWrite(ctx: RequestContext): void {
    if (ctx.user !== null) this.#recentWriters.set(ctx.user.id, true);
  }

  async read<T>(
    ctx: RequestContext,
    read: (readCtx: RequestContext) => Promise<T>,
    options: ReplicaReadOptions<T> = {},
  ): Promise<T> {
    // Staff edit what they read; a caller who just wrote must see it: both read the primary (no fallback).
    const isStaff = ctx.user !== null && ctx.customer === null;
    if (isStaff || (ctx.user !== null && this.#recentWriters.has(ctx.user.id))) return read(ctx);
    if (this.#state !== 'up') {
      this.#count(this.#state);
      return read(ctx);
    }
    let result: T;
    try {
      result = await read({ ...ctx, db: this.#replica, replica: undefined });
    } catch (error) {
      // A refusal other than not-found would be the same on the primary (the replica's data is only older).
      if (error instanceof AppError && error.type !== 'NotFoundException') throw error;
      if (error instanceof AppError) {
        this.#count('not_found');
      } else {
        this.#count('error');
        this.#log.warn({ err: error, requestId: ctx.requestId }, 'read replica read failed; read from the primary');
        void this.probe();
      }
      return read(ctx);
    }
    if (options.isMissing?.(result)) {
      this.#count('not_found');
      return read(ctx);
    }
    this.totals.replica += 1;
    return result;
  }

  /**
   * Runs `read` on the replica once it has replayed what the primary holds now (waiting up to the allowed lag), else
   * on the primary, at once when the replica is down or behind: the search index, rebuilt after a change was
   * announced, must not be built from before it.
   */
  async readCaughtUp<T>(read: (db: Executor) => Promise<T>): Promise<T> {
    // Known to be down or behind: waiting for it would only delay the rebuild.
    if (this.#state !== 'up') {
      this.#count(this.#state);
      return read(this.#primary);
    }
    try {
      const [primary] = await queryRows<{ position: string }>(
        this.#primary,
        sql`select pg_current_wal_lsn()::text as position`,
      );
      const target = parseWalPosition(primary?.position ?? '0/0');
      const deadline = Date.now() + this.#maxLagMs;
      for (;;) {
        const replayed = await this.#replayedPosition();
        if (replayed === null || replayed >= target) break;
        if (Date.now() >= deadline) {
          this.#count('lagging');
          return read(this.#primary);
        }
        await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
      }
      const result = await read(this.#replica);
      this.totals.replica += 1;
      return result;
    } catch (error) {
      this.#count('error');
      this.#log.warn({ err: error }, 'read replica read failed; read from the primary');
      void this.probe();
      return read(this.#primary);
    }
  }
}
