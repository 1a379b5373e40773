import { readFileSync } from 'node:fs';
import type { AreaSettings } from '@b2b/contract';
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

describe('migration 0008 (content documents: area settings)', () => {
  /** The migration's data part: the last statement (the others create tables the database already has). */
  function readSettingsUpdate(): string {
    const migration = readFileSync(new URL('../migrations/0008_content-documents.sql', import.meta.url), 'utf8');
    const statement = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(statement).toContain('UPDATE "areas"');
    return statement;
  }

  it('gives areas seeded before content the location list, the domain entries and the site menu', async () => {
    const database = await createTestDatabase();
    try {
      // The settings as the seed wrote them before 0008: one domain per area, a `main` category menu and a `top` menu.
      const topEntries = [
        { id: 'search', name: 'Search', url: '/search', tags: ['secondary'], children: [] },
        {
          id: 'orders',
          name: 'Orders',
          url: '/customer-center/orders',
          tags: ['secondary', 'requires-login'],
          children: [],
        },
      ];
      for (const areaId of ['eu', 'us']) {
        const oldSettings = {
          domains: [{ language: 'en-GB', domain: `${areaId}.ridgeline.example`, isPrimary: true }],
          menus: [
            {
              id: 'main',
              name: 'Main menu',
              entries: [{ id: 'skate', name: 'Skate', url: '/skate', tags: ['primary'], children: [] }],
            },
            { id: 'top', name: 'Top menu', entries: topEntries },
          ],
        };
        await database.db.execute(
          sql`UPDATE areas SET settings = (settings - 'locations' - 'domainEntries' - 'menus' - 'domains') || ${JSON.stringify(oldSettings)}::jsonb WHERE id = ${areaId}`,
        );
      }
      await database.db.execute(sql.raw(readSettingsUpdate()));

      const after = await queryRows<{ id: string; settings: AreaSettings }>(
        database.db,
        sql`SELECT id, settings FROM areas ORDER BY id`,
      );
      const areaInfo = {
        eu: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' },
        us: { areaId: 'us', languageCode: 'en-GB', currencyCode: 'USD' },
      };
      for (const area of after) {
        expect(area.settings.locations).toEqual([
          { code: 'eu', name: 'Europe', areaInfo: areaInfo.eu },
          { code: 'us', name: 'USA & Canada', areaInfo: areaInfo.us },
        ]);
        expect(area.settings.domainEntries).toEqual([
          { code: 'eu', areaInfo: areaInfo.eu, domain: 'eu.ridgeline.example' },
          { code: 'us', areaInfo: areaInfo.us, domain: 'us.ridgeline.example' },
        ]);
        // The former top entries become the site menu; the stored category menu is dropped (the API builds it).
        expect(area.settings.menus).toEqual([{ id: 'site', name: 'Site menu', entries: topEntries }]);
        expect(area.settings.domains).toHaveLength(1);
      }
    } finally {
      await database.close();
    }
  });

  it('leaves areas that already have a location list alone', async () => {
    const database = await createTestDatabase();
    try {
      const before = await queryRows<{ id: string; settings: unknown }>(
        database.db,
        sql`SELECT id, settings FROM areas ORDER BY id`,
      );
      await database.db.execute(sql.raw(readSettingsUpdate()));
      const after = await queryRows<{ id: string; settings: unknown }>(
        database.db,
        sql`SELECT id, settings FROM areas ORDER BY id`,
      );
      expect(after).toEqual(before);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0011 (the VAT an order was placed with)', () => {
  it('gives orders and invoices made before it the VAT they were charged: domestic in Europe, none in the USA', async () => {
    const database = await createTestDatabase();
    try {
      // The columns as they were before 0011; the orders had been charged their area's rate.
      for (const table of ['orders', 'invoices']) {
        for (const column of ['vat_treatment', 'vat_note', 'customer_vat_number']) {
          await database.db.execute(sql.raw(`ALTER TABLE "${table}" DROP COLUMN "${column}"`));
        }
      }
      const migration = readFileSync(new URL('../migrations/0011_vat-order-treatment.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) {
        await database.db.execute(sql.raw(statement));
      }
      const rows = await queryRows<{ table: string; area_id: string; vat_treatment: string; documents: number }>(
        database.db,
        sql`SELECT 'orders' AS table, area_id, vat_treatment, count(*)::int AS documents FROM orders GROUP BY 2, 3
            UNION ALL
            SELECT 'invoices', area_id, vat_treatment, count(*)::int FROM invoices GROUP BY 2, 3
            ORDER BY 1, 2, 3`,
      );
      expect(rows.map(({ documents: _, ...row }) => row)).toEqual([
        { table: 'invoices', area_id: 'eu', vat_treatment: 'domestic' },
        { table: 'invoices', area_id: 'us', vat_treatment: 'no-vat' },
        { table: 'orders', area_id: 'eu', vat_treatment: 'domestic' },
        { table: 'orders', area_id: 'us', vat_treatment: 'no-vat' },
      ]);
      const [notes] = await queryRows<{ notes: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM orders WHERE vat_note IS NOT NULL OR customer_vat_number IS NOT NULL)::int
                 + (SELECT count(*) FROM invoices WHERE vat_note IS NOT NULL OR customer_vat_number IS NOT NULL)::int
                 AS notes`,
      );
      expect(notes?.notes).toBe(0);
    } finally {
      await database.close();
    }
  });
});
