import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows } from './client.ts';
import { migrate } from './migrate.ts';
import { createTestDatabase } from './testing.ts';

describe('migrate', () => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });

  it('creates every table and is idempotent', { timeout: 120_000 }, async () => {
    // On PostgreSQL (TEST_DATABASE_URL) a fresh, still empty database; else a brand-new PGlite with no schema at all.
    const database = process.env.TEST_DATABASE_URL
      ? await createTestDatabase({ empty: true })
      : await createDatabase({ dataDir: 'memory' });
    opened.push(database.close);

    await migrate(database);
    await migrate(database);

    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'areas',
        'brands',
        'categories',
        'customer_addresses',
        'customers',
        'login_attempts',
        'media_files',
        'price_groups',
        'price_lists',
        'prices',
        'product_variants',
        'products',
        'refresh_tokens',
        'stock_levels',
        'user_impersonation_customers',
        'users',
        'vat_rates',
      ]),
    );
    const applied = await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.count).toBeGreaterThan(0);
  });
});

describe('migration 0006 (area seller)', () => {
  it("gives areas seeded before invoices the seed's seller, and leaves a seller that is set alone", async () => {
    const database = await createTestDatabase();
    try {
      const seeded = await queryRows<{ id: string; seller: unknown }>(
        database.db,
        sql`SELECT id, settings->'seller' AS seller FROM areas ORDER BY id`,
      );
      // An area from before the migration, and one whose seller someone already changed.
      await database.db.execute(sql`UPDATE areas SET settings = settings - 'seller' WHERE id = 'eu'`);
      await database.db.execute(
        sql`UPDATE areas SET settings = jsonb_set(settings, '{seller,name}', '"Edited Inc."') WHERE id = 'us'`,
      );
      const migration = readFileSync(new URL('../migrations/0006_area-seller.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) {
        await database.db.execute(sql.raw(statement));
      }
      const after = await queryRows<{ id: string; seller: { name: string } }>(
        database.db,
        sql`SELECT id, settings->'seller' AS seller FROM areas ORDER BY id`,
      );
      expect(after[0]).toEqual(seeded[0]);
      expect(after[1]?.seller.name).toBe('Edited Inc.');
    } finally {
      await database.close();
    }
  });
});
