/**
 * Drizzle queries of the user module: users, their customer, refresh tokens and login-attempt counters.
 * No business rules here; user.service.ts decides.
 */

import type { AreaId, Role } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { areas, customerAddresses, customers, loginAttempts, priceGroups, refreshTokens, users } from '@b2b/db/schema';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { contextCustomerColumns, toContextCustomer } from '../customer/customer.repository.ts';

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
  customer: {
    id: string;
    customerNumber: string;
    /** Effective currency: the customer's own, else the area's (spec §1). */
    currencyCode: string;
    priceGroupId: string | null;
    areaId: AreaId;
  } | null;
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
      row.customerId && row.customerNumber && row.areaId && row.areaCurrencyCode
        ? toContextCustomer({
            ...row,
            customerId: row.customerId,
            customerNumber: row.customerNumber,
            areaId: row.areaId,
            areaCurrencyCode: row.areaCurrencyCode,
          })
        : null,
  };
}

export type UserProfile = {
  username: string;
  name: string;
  email: string;
  roles: Role[];
  customer: {
    id: string;
    customerNumber: string;
    name: string;
    areaId: AreaId;
    customerCurrencyCode: string | null;
    areaCurrencyCode: string;
    priceGroupId: string | null;
    priceGroupName: string | null;
  } | null;
};

/** The user with their customer (for GetUser). */
export async function findUserProfile(db: Executor, userId: string): Promise<UserProfile | null> {
  const [row] = await db
    .select({
      username: users.username,
      name: users.name,
      email: users.email,
      roles: users.roles,
      customerId: customers.id,
      customerNumber: customers.customerNumber,
      customerName: customers.name,
      areaId: customers.areaId,
      customerCurrencyCode: customers.currencyCode,
      areaCurrencyCode: areas.currencyCode,
      priceGroupId: customers.priceGroupId,
      priceGroupName: priceGroups.name,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(areas, eq(areas.id, customers.areaId))
    .leftJoin(priceGroups, eq(priceGroups.id, customers.priceGroupId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    username: row.username,
    name: row.name,
    email: row.email,
    roles: row.roles,
    customer:
      row.customerId && row.customerNumber && row.customerName && row.areaId
        ? {
            id: row.customerId,
            customerNumber: row.customerNumber,
            name: row.customerName,
            areaId: row.areaId as AreaId,
            customerCurrencyCode: row.customerCurrencyCode,
            areaCurrencyCode: row.areaCurrencyCode ?? '',
            priceGroupId: row.priceGroupId,
            priceGroupName: row.priceGroupName,
          }
        : null,
  };
}

/** A customer as GetUser shows it: the one a sales rep acts for (ADR 013), who is not the rep's own. */
export async function findCustomerProfile(db: Executor, customerId: string): Promise<UserProfile['customer']> {
  const [row] = await db
    .select({
      id: customers.id,
      customerNumber: customers.customerNumber,
      name: customers.name,
      areaId: customers.areaId,
      customerCurrencyCode: customers.currencyCode,
      areaCurrencyCode: areas.currencyCode,
      priceGroupId: customers.priceGroupId,
      priceGroupName: priceGroups.name,
    })
    .from(customers)
    .innerJoin(areas, eq(areas.id, customers.areaId))
    .leftJoin(priceGroups, eq(priceGroups.id, customers.priceGroupId))
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ? { ...row, areaId: row.areaId as AreaId } : null;
}

export async function findCustomerAddresses(db: Executor, customerId: string) {
  return db
    .select({
      id: customerAddresses.id,
      name: customerAddresses.name,
      street: customerAddresses.street,
      postalCode: customerAddresses.postalCode,
      city: customerAddresses.city,
      countryCode: customerAddresses.countryCode,
      isDefault: customerAddresses.isDefault,
    })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(sql`${customerAddresses.isDefault} desc`, asc(customerAddresses.name), asc(customerAddresses.id));
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
