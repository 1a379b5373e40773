/**
 * The database's side of the traces (ADR 043): once the API calls `DatabaseHandle.traceQueries` (only when tracing
 * is on), every statement drizzle sends, on either driver, runs through the API's QueryTracer, which makes it a span
 * of the request it serves. Until then the clients are the drivers' own, untouched.
 *
 * Wrapped at the drivers' `query` (not drizzle's sessions) because a transaction gets a session of its own on a
 * client of its own (a pool client, PGlite's transaction object), and the drivers' query is where both kinds meet.
 * Wrapped on the objects themselves, so that a database opened before tracing started (the tests') is traced too.
 */
import type { QueryTracer } from '@b2b/contract/tracing';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** The text of a node-postgres or PGlite query argument (a string or a `{ text }` config), else undefined. */
function statementText(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  const config = query as { text?: unknown; submit?: unknown } | null;
  // A Submittable (a cursor, a stream) runs on its own schedule: left as it is.
  return typeof config?.text === 'string' && typeof config.submit !== 'function' ? config.text : undefined;
}

/**
 * A driver's `query` that runs in a span when called as drizzle calls it: with a promise, no callback. pg-pool calls
 * its clients with callbacks inside `pool.query`, which is traced itself, so no statement is counted twice.
 */
function tracedQuery<F extends (...args: never[]) => unknown>(original: F, traceQuery: QueryTracer): F {
  return function query(this: unknown, ...args: Parameters<F>) {
    const text = statementText(args[0]);
    if (text === undefined || typeof args.at(-1) === 'function') return original.apply(this, args);
    return traceQuery(text, () => original.apply(this, args) as Promise<unknown>);
  } as F;
}

const TRACED = Symbol('b2b.tracedQueries');
type Traceable = { [TRACED]?: true };

/** Traces a node-postgres pool's queries and those of the clients it lends (drizzle's transactions). */
export function traceQueriesOfPool(pool: pg.Pool, traceQuery: QueryTracer): void {
  if ((pool as Traceable)[TRACED]) return;
  (pool as Traceable)[TRACED] = true;
  pool.query = tracedQuery(pool.query, traceQuery);
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  // pg-pool's own `query` connects with a callback: those clients' statements are traced as `pool.query`.
  pool.connect = ((callback?: unknown) => {
    if (typeof callback === 'function') return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      if (!(client as Traceable)[TRACED]) {
        (client as Traceable)[TRACED] = true;
        client.query = tracedQuery(client.query, traceQuery);
      }
      return client;
    });
  }) as pg.Pool['connect'];
}

/** Traces PGlite's statements: its own and those of the transaction objects it passes to `transaction()`. */
export function traceQueriesOfPglite(client: PGlite, traceQuery: QueryTracer): void {
  if ((client as Traceable)[TRACED]) return;
  (client as Traceable)[TRACED] = true;
  const traceTransaction = (transaction: Transaction) => {
    transaction.query = tracedQuery(transaction.query, traceQuery);
    transaction.exec = tracedQuery(transaction.exec, traceQuery);
    return transaction;
  };
  const transaction = client.transaction.bind(client);
  client.query = tracedQuery(client.query.bind(client), traceQuery);
  client.exec = tracedQuery(client.exec.bind(client), traceQuery);
  client.transaction = (work) => transaction((inner) => work(traceTransaction(inner)));
}
