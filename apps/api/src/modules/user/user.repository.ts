/**
 * Drizzle queries of the user module: users, their customer, refresh tokens and login-attempt counters.
 * No business rules here; user.service.ts decides.
 */

import type { AreaId, Role } from '@b2b/contract';
import { type Executor, queryPreparedRows } from '@b2b/db';
import { areas, customerAddresses, customers, loginAttempts, refreshTokens, users } from '@b2b/db/schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ContextCustomer } from '../../context.ts';
import { contextCustomerColumns, toContextCustomer } from '../../lib/sql/customer-columns.ts';

export type UserCredentials = {
  id: string;
  username: string;
  passwordHash: string;
  roles: Role[];
  customerId: string | null;
  passwordChangedAt: Date;
};

const credentialColumns = {
  id: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  roles: users.roles,
  customerId: users.customerId,
  passwordChangedAt: users.passwordChangedAt,
};

/** The user with this (already lower-cased) username, with what login needs. */
export async function findUserCredentialsByUsername(db: Executor, username: string): Promise<UserCredentials | null> {
  const [row] = await db.select(credentialColumns).from(users).where(eq(users.username, username)).limit(1);
  return row ?? null;
}

export async function findUserCredentialsById(db: Executor, userId: string): Promise<UserCredentials | null> {
  const [row] = await db.select(credentialColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** What the request context needs about a user and their customer, in one indexed query (runs on every request). */
export type Principal = {
  userId: string;
  username: string;
  roles: Role[];
  passwordChangedAt: Date;
  /** The customer with its effective currency (the customer's own, else the area's, spec §1). */
  customer: ContextCustomer | null;
};

export async function findPrincipal(db: Executor, userId: string): Promise<Principal | null> {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      roles: users.roles,
      passwordChangedAt: users.passwordChangedAt,
      ...contextCustomerColumns,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(areas, eq(areas.id, customers.areaId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    username: row.username,
    roles: row.roles,
    passwordChangedAt: row.passwordChangedAt,
    // Left-joined: a user without a customer (staff) has none.
    customer:
      row.customerId && row.customerNumber && row.areaId && row.areaCurrencyCode && row.countryCode
        ? toContextCustomer({
            ...row,
            customerId: row.customerId,
            customerNumber: row.customerNumber,
            areaId: row.areaId,
            areaCurrencyCode: row.areaCurrencyCode,
            countryCode: row.countryCode,
          })
        : null,
  };
}

/** What GetUser shows: the user, and the customer acted for with its addresses (null for staff without one). */
export type UserProfile = {
  username: string;
  name: string;
  email: string;
  roles: Role[];
  /** The user's own customer's number (a sales rep acting for a customer has none of their own). */
  customerNumber: string | null;
  customer: {
    customerNumber: string;
    name: string;
    areaId: AreaId;
    customerCurrencyCode: string | null;
    areaCurrencyCode: string;
    priceGroupId: string | null;
    addresses: CustomerAddress[];
  } | null;
};

type CustomerAddress = {
  id: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  isDefault: boolean;
};

type RawUserProfile = Omit<UserProfile, 'customer'> & {
  customer:
    | (Omit<NonNullable<UserProfile['customer']>, 'areaCurrencyCode'> & { areaCurrencyCode: string | null })
    | string
    | null;
};

/**
 * The user and the customer GetUser shows — `actingForCustomerId` when a sales rep acts for one (ADR 013), else the
 * user's own — with the customer's addresses (default first, then by name), in one statement, prepared on PGlite.
 * The storefront asks for it on every page a logged-in buyer loads (issue 12: three drizzle selects were about a
 * third of the API's work for a logged-in /search page on PGlite, most of it planning and result handling).
 */
export async function findUserProfile(
  db: Executor,
  userId: string,
  actingForCustomerId: string | null,
): Promise<UserProfile | null> {
  const [row] = await queryPreparedRows<RawUserProfile>(
    db,
    'user_profile',
    sql`
      select u.username, u.name, u.email, u.roles, own.customer_number as "customerNumber",
             (select json_build_object(
                'customerNumber', c.customer_number, 'name', c.name, 'areaId', c.area_id,
                'customerCurrencyCode', c.currency_code, 'areaCurrencyCode', a.currency_code,
                'priceGroupId', c.price_group_id,
                'addresses', coalesce((
                  select json_agg(json_build_object(
                           'id', ca.id, 'name', ca.name, 'street', ca.street, 'postalCode', ca.postal_code,
                           'city', ca.city, 'countryCode', ca.country_code, 'isDefault', ca.is_default)
                         order by ca.is_default desc, ca.name, ca.id)
                    from ${customerAddresses} ca
                   where ca.customer_id = c.id), '[]'::json))
                from ${customers} c
                left join ${areas} a on a.id = c.area_id
               where c.id = coalesce(${actingForCustomerId}::uuid, u.customer_id)) as customer
        from ${users} u
        left join ${customers} own on own.id = u.customer_id
       where u.id = ${userId}::uuid`,
  );
  if (!row) return null;
  const customer = typeof row.customer === 'string' ? JSON.parse(row.customer) : row.customer;
  return {
    username: row.username,
    name: row.name,
    email: row.email,
    roles: row.roles,
    customerNumber: row.customerNumber,
    customer: customer ? { ...customer, areaCurrencyCode: customer.areaCurrencyCode ?? '' } : null,
  };
}

export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  passwordChangedAt: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------------------------
// Refresh tokens

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Executor,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/** The token row, locked until the transaction ends so two rotations of one token cannot both succeed. */
export async function findRefreshTokenForUpdate(db: Executor, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Marks the token used; false when it was used already (a concurrent rotation won). */
export async function markRefreshTokenUsed(db: Executor, id: string, usedAt: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ usedAt })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
}

export async function revokeRefreshTokenFamily(db: Executor, familyId: string, revokedAt: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Whether the session (refresh-token family) still runs: some token of it is not revoked. Logout, a detected replay
 * and a password change revoke every token of a family, which ends the session's access tokens too (plugins/auth.ts).
 */
export async function isSessionLive(db: Executor, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

export async function revokeAllRefreshTokensOfUser(db: Executor, userId: string, revokedAt: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

// ---------------------------------------------------------------------------------------------------------------
// Login attempts (rate limit, shared by all instances)

/** Failure counts of these keys whose window started after `windowStart`; keys without a live window count 0. */
export async function countRecentLoginFailures(
  db: Executor,
  keys: string[],
  windowStart: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      key: loginAttempts.key,
      failureCount: loginAttempts.failureCount,
      windowStartedAt: loginAttempts.windowStartedAt,
    })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, keys));
  const counts = new Map<string, number>();
  for (const row of rows) {
    counts.set(row.key, row.windowStartedAt > windowStart ? row.failureCount : 0);
  }
  return counts;
}

/**
 * Adds one failure to each key in one atomic upsert per key; a key whose window started at or before `windowStart`
 * restarts at 1 with a new window, so counters expire without a clean-up job.
 */
export async function recordLoginFailures(db: Executor, keys: string[], now: Date, windowStart: Date): Promise<void> {
  const nowIso = now.toISOString();
  const windowStartIso = windowStart.toISOString();
  for (const key of keys) {
    await db
      .insert(loginAttempts)
      .values({ key, failureCount: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failureCount: sql`case when ${loginAttempts.windowStartedAt} <= ${windowStartIso}::timestamptz then 1 else ${loginAttempts.failureCount} + 1 end`,
          windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} <= ${windowStartIso}::timestamptz then ${nowIso}::timestamptz else ${loginAttempts.windowStartedAt} end`,
        },
      });
  }
}

export async function clearLoginFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
