import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, queryRows } from './client.ts';
import { queryPreparedRows, toSqlLiteral } from './prepared.ts';
import { createTestDatabase } from './testing.ts';

describe('toSqlLiteral', () => {
  it('writes values as SQL literals', () => {
    expect(toSqlLiteral(null)).toBe('NULL');
    expect(toSqlLiteral(undefined)).toBe('NULL');
    expect(toSqlLiteral(42)).toBe('42');
    expect(toSqlLiteral(true)).toBe('true');
    expect(toSqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(toSqlLiteral('back\\slash')).toBe("'back\\slash'");
    expect(toSqlLiteral(['a', 'b,c', 'd"e'])).toBe(`'{"a","b,c","d\\"e"}'`);
    expect(toSqlLiteral(new Date('2026-01-02T03:04:05.000Z'))).toBe("'2026-01-02T03:04:05.000Z'");
    expect(toSqlLiteral({ countryCode: "D'K" })).toBe(`'{"countryCode":"D''K"}'`);
  });

  it('refuses what it cannot write safely', () => {
    expect(() => toSqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => toSqlLiteral('a\0b')).toThrow(TypeError);
  });
});

// The real database: whatever a caller passes comes back unchanged, never as SQL.
describe('queryPreparedRows on PGlite', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createDatabase({ url: '', dataDir: 'memory' });
  });
  afterAll(async () => {
    await database.close();
  });

  const echo = (text: string, list: string[]) =>
    sql`select ${text}::text as text, ${sql.param(list)}::text[] as list, cardinality(${sql.param(list)}::text[]) as size`;

  it('answers as the plain query does, and prepares the statement once', async () => {
    const query = echo('it\'s a "test" \\ with, commas', ['x', "y'z", 'a,b', 'back\\slash', '']);
    const expected = await queryRows(database.db, query);
    expect(await queryPreparedRows(database.db, 'echo', query)).toEqual(expected);
    expect(await queryPreparedRows(database.db, 'echo', echo('second', []))).toEqual([
      { text: 'second', list: [], size: 0 },
    ]);
    const statements = await queryRows<{ name: string }>(
      database.db,
      sql`select name from pg_prepared_statements where name like 'echo_%'`,
    );
    expect(statements).toHaveLength(1);
  });

  it('round-trips any text without NUL unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary' }).filter((text) => !text.includes('\0')),
        fc.array(
          fc.string({ unit: 'binary' }).filter((text) => !text.includes('\0')),
          { maxLength: 4 },
        ),
        async (text, list) => {
          const [row] = await queryPreparedRows<{ text: string; list: string[] }>(
            database.db,
            'echo',
            echo(text, list),
          );
          expect(row?.text).toBe(text);
          expect(row?.list).toEqual(list);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a statement prepared inside a transaction that rolled back', async () => {
    const query = sql`select ${'kept'}::text as value`;
    await expect(
      database.db.transaction(async (tx) => {
        await queryPreparedRows(tx, 'rolled_back', query);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queryPreparedRows(database.db, 'rolled_back', query)).toEqual([{ value: 'kept' }]);
  });
});

// On PostgreSQL a named statement of the extended protocol, parsed once per pooled connection (`npm test` runs this
// against TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('queryPreparedRows on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers as the plain query does, with the statement parsed once on its connection', async () => {
    const query = sql`select ${"it's"}::text as text, ${sql.param(['x', 'y,z'])}::text[] as list, now() as at`;
    const [expected] = await queryRows<{ text: string; list: string[]; at: unknown }>(database.db, query);
    await database.db.transaction(async (tx) => {
      for (let round = 0; round < 3; round++) {
        const [row] = await queryPreparedRows<{ text: string; list: string[]; at: unknown }>(tx, 'pg_echo', query);
        expect(row).toEqual({ ...expected, at: row?.at });
        // Timestamps come as drizzle gives them (text), whichever way the statement ran.
        expect(typeof row?.at).toBe(typeof expected?.at);
      }
      const statements = await queryRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where name like 'pg_echo_%'`,
      );
      expect(statements).toHaveLength(1);
    });
  });
});
