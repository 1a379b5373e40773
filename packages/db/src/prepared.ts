/**
 * Prepared statements for the hottest raw-SQL reads and writes (the cart, GetUser, document lists).
 *
 * Measured on the cart (apps/api/bench/cart.bench.ts): planning a cart read with its JSON subqueries takes longer
 * than running it (0.6–0.9 ms against 0.3–0.4 ms), because the planner asks the WASM file system for every
 * relation's size. PostgreSQL caches plans only for prepared statements, and PGlite's API has no named ones, so this
 * PREPAREs a statement once per database (SQL `PREPARE`, which outlives transactions and their rollback) and runs it
 * with `EXECUTE name(arguments)`. EXECUTE takes no bind parameters, so the arguments are written as SQL literals by
 * `toSqlLiteral` below (strings quoted with doubled quotes, arrays and JSON as quoted text); never pass SQL text.
 * Having no parameters, PREPARE and EXECUTE go through PGlite's `exec` (the simple query protocol: one call into
 * PGlite's WASM) rather than `query` (parse, bind, two describes, execute and sync: six calls, each with its own
 * message handling in JavaScript). Issue 12: about 0.3 ms less a statement, ~1 ms of an add + calculate.
 *
 * On PostgreSQL the statement is a named one of the extended protocol (drizzle's `prepareQuery` with a name):
 * node-postgres parses it once per pooled connection and afterwards only binds and executes it, so the server no
 * longer parses and analyses the cart's long statements on every call (issue 12: at c=10 the server's CPU is what the
 * API, PostgreSQL and the clients share on one machine).
 */
import { is, type SQL } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import { type Executor, rows } from './client.ts';

/** Statement names prepared per database, keyed by the drizzle dialect object a database shares with its transactions. */
const preparedByDatabase = new WeakMap<object, Set<string>>();

type Internals = {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
};

/** `value` as a SQL literal for EXECUTE's argument list. */
export function toSqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value)) return quote(`{${value.map(toArrayElement).join(',')}}`);
  if (typeof value === 'string') return quote(value);
  return quote(JSON.stringify(value));
}

function quote(text: string): string {
  if (text.includes('\0')) throw new TypeError('a SQL literal cannot hold a NUL character');
  // standard_conforming_strings is on (PostgreSQL's default): a backslash is an ordinary character here.
  return `'${text.replaceAll("'", "''")}'`;
}

/** An element of an array literal (`{"a","b"}`): quoted, with `"` and `\` escaped as the array syntax wants. */
function toArrayElement(element: unknown): string {
  if (element === null || element === undefined) return 'NULL';
  if (typeof element === 'number' || typeof element === 'bigint' || typeof element === 'boolean') {
    return String(element);
  }
  const text = typeof element === 'string' ? element : JSON.stringify(element);
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** A short stable hash of the statement text, so one name never stands for two texts. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The rows of `query`, as a prepared statement on PGlite and as a named statement on PostgreSQL (see above). `name`
 * is a readable prefix of the statement's name (letters, digits, underscores); the name ends in a hash of the text,
 * so one name never stands for two texts.
 */
export async function queryPreparedRows<T = Record<string, unknown>>(
  db: Executor,
  name: string,
  query: SQL,
): Promise<T[]> {
  const { session, dialect } = db as unknown as Internals;
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new TypeError(`not a statement name: ${name}`);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = `${name}_${hashText(text)}`;
  if (!is(session, PgliteSession)) {
    return rows<T>(await session.prepareQuery({ sql: text, params }, undefined, statement, false).execute());
  }
  const client = (session as unknown as { client: { exec(text: string): Promise<Array<{ rows: unknown[] }>> } }).client;
  let prepared = preparedByDatabase.get(dialect);
  if (!prepared) {
    prepared = new Set();
    preparedByDatabase.set(dialect, prepared);
  }
  if (!prepared.has(statement)) {
    await client.exec(`PREPARE ${statement} AS ${text}`);
    prepared.add(statement);
  }
  const args = params.length === 0 ? '' : `(${params.map(toSqlLiteral).join(', ')})`;
  const [result] = await client.exec(`EXECUTE ${statement}${args}`);
  return (result?.rows ?? []) as T[];
}
