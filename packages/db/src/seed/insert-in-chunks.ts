/**
 * Batched inserts. `insertInChunks` is drizzle's typed multi-row INSERT (fine for small tables);
 * `insertJsonRows` ships a whole chunk as ONE JSON parameter and unpacks it in SQL, which is 2–3× faster for the
 * big catalogue tables because neither drizzle nor the driver handles thousands of bind parameters.
 */
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.ts';

/** Rows per drizzle INSERT; 1,000 rows × ≤ 13 columns stays far below PostgreSQL's 65,535 parameters. */
export const INSERT_CHUNK_SIZE = 1_000;
/** Rows per JSON INSERT. */
export const JSON_INSERT_CHUNK_SIZE = 5_000;

/** Inserts `rows` into `table` with drizzle, `chunkSize` rows per statement. */
export async function insertInChunks<T extends PgTable<TableConfig>>(
  db: Executor,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  chunkSize = INSERT_CHUNK_SIZE,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    await db.insert(table).values(rows.slice(start, start + chunkSize) as T['$inferInsert'][]);
  }
}

/** A value as text PostgreSQL can cast to the column type. */
function toJsonCell(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  // bytea accepts the hex text form '\x…'.
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  const mapped = column.mapToDriverValue(value);
  return mapped instanceof Date ? mapped.toISOString() : mapped;
}

/**
 * Inserts `rows` via `INSERT … SELECT FROM json_array_elements($1)`. Inserts the columns set in the first row
 * (others take their defaults). Array-typed columns are not supported; use {@link insertInChunks} for those.
 */
export async function insertJsonRows<T extends PgTable<TableConfig>>(
  db: Executor,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  chunkSize = JSON_INSERT_CHUNK_SIZE,
): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    ([key]) => first[key] !== undefined,
  );
  const columnList = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  const selectList = sql.raw(
    columns.map(([, column], position) => `(r->>${position})::${column.getSQLType()}`).join(', '),
  );
  const tableName = sql.raw(`"${getTableName(table)}"`);
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize).map((row) => {
      const record = row as Record<string, unknown>;
      return columns.map(([key, column]) => toJsonCell(column, record[key]));
    });
    const statement: SQL = sql`INSERT INTO ${tableName} (${columnList}) SELECT ${selectList} FROM json_array_elements(${JSON.stringify(chunk)}::json) AS r`;
    await db.execute(statement);
  }
}
