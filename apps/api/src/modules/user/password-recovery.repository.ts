/** Queries of password recovery: one-time tokens stored as SHA-256 hashes (never the token itself). */
import type { Executor } from '@b2b/db';
import { passwordResetTokens, users } from '@b2b/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

/** Stores a new token for the user and retires the user's earlier unused ones (only the newest link works). */
export async function replaceRecoveryToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(values);
}

/** The unused, unexpired token of this user with this hash, if any. */
export async function findValidRecoveryToken(db: Executor, scope: { userId: string; tokenHash: string }) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, scope.userId),
        eq(passwordResetTokens.tokenHash, scope.tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Uses the token: marks it used in one statement that only matches a valid token, so of two concurrent resets
 * exactly one gets the row. True when this call used it.
 */
export async function consumeRecoveryToken(db: Executor, scope: { userId: string; tokenHash: string }) {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, scope.userId),
        eq(passwordResetTokens.tokenHash, scope.tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Who a recovery mail goes to: the user with this (lower-cased) username. */
export async function findRecoveryContact(db: Executor, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.username, username));
  return row ?? null;
}
