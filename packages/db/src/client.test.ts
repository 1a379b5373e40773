import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, queryRows } from './client.ts';

describe('createDatabase on PGlite', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createDatabase({ url: '', dataDir: 'memory' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps a 32 MB buffer pool instead of the default 128 MB (the API idles ≈ 100 MB smaller)', async () => {
    const rows = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
    expect(rows[0]?.shared_buffers).toBe('32MB');
  });

  it('keeps PGlite’s own start parameters', async () => {
    const rows = await queryRows<{ search_path: string }>(database.db, sql`show search_path`);
    expect(rows[0]?.search_path).toBe('public');
  });
});
