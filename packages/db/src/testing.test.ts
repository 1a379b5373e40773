import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { products, users } from './schema.ts';
import { DEMO_USERS } from './seed/demo-accounts.ts';
import { createTestDatabase } from './testing.ts';

describe('createTestDatabase', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
  });

  it('gives independent, seeded databases', async () => {
    const one = await createTestDatabase();
    handles.push(one);
    const two = await createTestDatabase();
    handles.push(two);

    expect(await one.db.$count(products)).toBe(200);
    const [buyer] = await one.db.select().from(users).where(eq(users.username, 'eu-buyer'));
    expect(buyer?.roles).toEqual(['customer']);

    const seededUsers = DEMO_USERS.length;
    expect(await two.db.$count(users)).toBe(seededUsers);
    await one.db.delete(users).where(eq(users.username, 'backoffice'));
    expect(await one.db.$count(users)).toBe(seededUsers - 1);
    expect(await two.db.$count(users)).toBe(seededUsers);
  });

  it('honours the products option', async () => {
    const small = await createTestDatabase({ products: 10 });
    handles.push(small);
    expect(await small.db.$count(products)).toBe(10);
  });
});
