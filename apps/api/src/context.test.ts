/**
 * The request-context helpers on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what commits, what
 * rolls back, and who the caller is inside a transaction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, queryRows } from '@b2b/db';
import { createTestDatabase } from '@b2b/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ContextCustomer,
  createAnonymousContext,
  inTransaction,
  type RequestContext,
  requireCustomer,
  requireUser,
} from './context.ts';
import { AppError } from './errors.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ products: 10 });
  await database.db.execute(sql`create table transaction_probe (value text not null)`);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from transaction_probe`);
});

async function probeValues(): Promise<string[]> {
  const found = await queryRows<{ value: string }>(
    database.db,
    sql`select value from transaction_probe order by value`,
  );
  return found.map((row) => row.value);
}

function write(ctx: RequestContext, value: string) {
  return ctx.db.execute(sql`insert into transaction_probe (value) values (${value})`);
}

const CUSTOMER: ContextCustomer = {
  id: '00000000-0000-4000-8000-000000000001',
  customerNumber: 'C-1',
  currencyCode: 'EUR',
  priceGroupId: null,
  areaId: 'eu',
  countryCode: 'DK',
  vatNumber: null,
};

function customerContext(): RequestContext {
  return {
    ...createAnonymousContext(database.db, 'request-1'),
    user: { id: '00000000-0000-4000-8000-000000000002', username: 'buyer', roles: ['customer'] },
    customer: CUSTOMER,
    tokenKind: 'user',
  };
}

describe('inTransaction', () => {
  it('commits what the work wrote when it resolves, and returns its result', async () => {
    const result = await inTransaction(customerContext(), async (txCtx) => {
      await write(txCtx, 'a');
      await write(txCtx, 'b');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await probeValues()).toEqual(['a', 'b']);
  });

  it('rolls everything back when the work throws, an AppError included', async () => {
    await expect(
      inTransaction(customerContext(), async (txCtx) => {
        await write(txCtx, 'a');
        throw new AppError('ConflictException', 'Stock changed.');
      }),
    ).rejects.toMatchObject({ type: 'ConflictException' });
    expect(await probeValues()).toEqual([]);
  });

  it('gives the work the same caller on a transaction', async () => {
    const ctx = customerContext();
    await inTransaction(ctx, async (txCtx) => {
      expect(txCtx.db).not.toBe(ctx.db);
      expect({ ...txCtx, db: null }).toEqual({ ...ctx, db: null });
    });
  });

  it('joins the transaction the context is already on: an outer rollback undoes the inner work', async () => {
    await expect(
      inTransaction(customerContext(), async (outerCtx) => {
        await inTransaction(outerCtx, async (innerCtx) => {
          expect(innerCtx.db).toBe(outerCtx.db);
          await write(innerCtx, 'inner');
        });
        throw new Error('the outer work fails after the inner one finished');
      }),
    ).rejects.toThrow('outer work fails');
    expect(await probeValues()).toEqual([]);
  });
});

describe('requireUser and requireCustomer', () => {
  it('give the caller and the customer acted for', () => {
    const ctx = customerContext();
    expect(requireUser(ctx).username).toBe('buyer');
    expect(requireCustomer(ctx)).toBe(CUSTOMER);
  });

  it('answer 401 to anonymous callers and 403 to users without a customer', () => {
    const anonymous = createAnonymousContext(database.db);
    expect(() => requireUser(anonymous)).toThrow(expect.objectContaining({ type: 'UnauthorizedException' }));
    const staff = { ...customerContext(), customer: null };
    expect(() => requireCustomer(staff)).toThrow(expect.objectContaining({ type: 'ForbiddenException' }));
  });
});

describe('one transaction idiom', () => {
  it('is the only place of the API that opens a transaction (services use inTransaction)', () => {
    const sourceDirectory = fileURLToPath(new URL('.', import.meta.url));
    const offenders = readdirSync(sourceDirectory, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'context.ts')
      .filter((file) => /\.transaction\(/.test(readFileSync(path.join(sourceDirectory, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
