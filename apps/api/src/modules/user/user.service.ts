/**
 * User module services: login, token refresh with rotation, not-logged-in tokens, password change and GetUser.
 * Every function takes the request context first (conventions §2); token signing is passed in by the routes.
 */

import { randomUUID } from 'node:crypto';
import type { AreaInfo, GetUserResponse, TokenResponse } from '@b2b/contract';
import { hashPassword, verifyPassword } from '@b2b/db';
import { inTransaction, type RequestContext, requireUser } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { effectiveCurrencyCode } from '../../lib/sql/customer-columns.ts';
import { endSessionsOfRep } from '../impersonation/impersonation.service.ts';
import { type AccessTokenSigner, type EndedSessions, userClaims } from './access-token.ts';
import { REFRESH_TOKEN_REUSE_GRACE_MS } from './auth.constants.ts';
import { isLoginRateLimited, loginRateLimitKeys, loginWindowStart, normalizeUsername } from './login-rate-limit.ts';
import {
  generateRefreshToken,
  hashRefreshToken,
  refreshTokenExpiry,
  type SuccessorDerivation,
} from './refresh-token.ts';
import {
  clearLoginFailures,
  countRecentLoginFailures,
  findRefreshTokenForUpdate,
  findUserCredentialsById,
  findUserCredentialsByUsername,
  findUserProfile,
  insertRefreshToken,
  markRefreshTokenUsed,
  recordLoginFailures,
  revokeAllRefreshTokensOfUser,
  revokeRefreshTokenFamily,
  type UserCredentials,
  updatePasswordHash,
} from './user.repository.ts';

const INVALID_CREDENTIALS_MESSAGE = 'The username or password is not correct.';
const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed login attempts. Try again later.';

/**
 * Verifying against this hash when the username is unknown makes a wrong username cost as much time as a wrong
 * password, so response times do not reveal which usernames exist.
 */
let dummyPasswordHash: Promise<string> | undefined;
function getDummyPasswordHash(): Promise<string> {
  dummyPasswordHash ??= hashPassword(`dummy-${randomUUID()}`);
  return dummyPasswordHash;
}

/** Throws 429 when the account or the client address has too many recent failures (spec §8: 429 on login). */
async function assertNotRateLimited(ctx: RequestContext, username: string, clientAddress: string, now: Date) {
  const keys = loginRateLimitKeys(username, clientAddress);
  const counts = await countRecentLoginFailures(ctx.db, [keys.account, keys.clientAddress], loginWindowStart(now));
  const failures = { account: counts.get(keys.account) ?? 0, clientAddress: counts.get(keys.clientAddress) ?? 0 };
  if (isLoginRateLimited(failures)) throw new AppError('TooManyLoginAttemptsException', TOO_MANY_ATTEMPTS_MESSAGE);
  return keys;
}

type TokenUser = Pick<UserCredentials, 'id' | 'roles' | 'customerId' | 'passwordChangedAt'>;

/** An access token for the user in the session `sessionId` (its refresh-token family). */
function signAccessToken(signer: AccessTokenSigner, user: TokenUser, sessionId: string): Promise<string> {
  return signer.sign(
    userClaims({
      userId: user.id,
      roles: user.roles,
      customerId: user.customerId,
      passwordChangedAt: user.passwordChangedAt,
      sessionId,
    }),
  );
}

/**
 * Stores `refreshToken` (a new random one when omitted: a new session) in `familyId` (a new family when omitted) and
 * signs an access token for the user in that family.
 */
async function issueTokenPair(
  ctx: RequestContext,
  signer: AccessTokenSigner,
  user: TokenUser,
  session: { familyId: string; refreshToken: string } = {
    familyId: randomUUID(),
    refreshToken: generateRefreshToken(),
  },
): Promise<TokenResponse> {
  await insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId: session.familyId,
    tokenHash: hashRefreshToken(session.refreshToken),
    expiresAt: refreshTokenExpiry(new Date()),
  });
  return { accessToken: await signAccessToken(signer, user, session.familyId), refreshToken: session.refreshToken };
}

export type LoginInput = { area: AreaInfo; username: string; password: string; clientAddress: string };

/**
 * POST /api/User/Login (spec §7 User): checks the password (argon2id) and returns an access and a refresh token.
 * A wrong username and a wrong password give the same 401 InvalidCredentialsException. After repeated failures per
 * account or per client address the call answers 429 TooManyLoginAttemptsException until the window passes, even
 * for the right password; a success resets the account's counter. The area is not checked against the
 * customer's area: every later call names its own area.
 */
export async function login(ctx: RequestContext, input: LoginInput, signer: AccessTokenSigner): Promise<TokenResponse> {
  const username = normalizeUsername(input.username);
  const now = new Date();
  const keys = await assertNotRateLimited(ctx, username, input.clientAddress, now);

  const user = await findUserCredentialsByUsername(ctx.db, username);
  const isPasswordCorrect = await verifyPassword(user?.passwordHash ?? (await getDummyPasswordHash()), input.password);
  if (!user || !isPasswordCorrect) {
    await recordLoginFailures(ctx.db, [keys.account, keys.clientAddress], now, loginWindowStart(now));
    throw new AppError('InvalidCredentialsException', INVALID_CREDENTIALS_MESSAGE);
  }

  await clearLoginFailures(ctx.db, keys.account);
  return issueTokenPair(ctx, signer, user);
}

type RefreshOutcome =
  | { kind: 'issued'; tokens: TokenResponse }
  | { kind: 'invalid'; message: string }
  | { kind: 'reused'; sessionId: string };

/** What GetAccessToken needs besides the request: how it signs, derives successors and ends sessions. */
export type RefreshDependencies = {
  signer: AccessTokenSigner;
  successorOf: SuccessorDerivation;
  endedSessions: EndedSessions;
};

/**
 * POST /api/User/GetAccessToken: exchanges a refresh token for a new pair (rotation). The presented token is marked
 * used and its successor (derived from it, refresh-token.ts) joins its family. A used token presented again within
 * REFRESH_TOKEN_REUSE_GRACE_MS gets the same successor again, with a new access token of the same session: one
 * browser's requests that refreshed at once through two web processes end up holding one session, and a copy
 * stolen within the grace holds the same token as its owner, never a second live one. Later, a used token revokes
 * the whole family (a copy was stolen or replayed), which ends the session's access tokens too, and answers 401
 * RefreshTokenReusedException. Unknown, revoked or expired tokens answer 401 InvalidTokenException.
 */
export async function getAccessToken(
  ctx: RequestContext,
  input: { refreshToken: string },
  { signer, successorOf, endedSessions }: RefreshDependencies,
): Promise<TokenResponse> {
  const tokenHash = hashRefreshToken(input.refreshToken);
  const successor = successorOf(input.refreshToken);
  // The revocation of a replayed token's family must be committed, so the transaction returns an outcome and the
  // error is thrown after it has ended.
  const outcome = await inTransaction(ctx, async (txCtx): Promise<RefreshOutcome> => {
    const tx = txCtx.db;
    const now = new Date();
    // The row lock makes a concurrent rotation of the same token wait here, and then see it used.
    const row = await findRefreshTokenForUpdate(tx, tokenHash);
    if (!row) return { kind: 'invalid', message: 'The refresh token is not valid.' };
    if (row.revokedAt) return { kind: 'invalid', message: 'The refresh token has been revoked.' };
    if (!row.usedAt && row.expiresAt.getTime() <= now.getTime()) {
      return { kind: 'invalid', message: 'The refresh token has expired.' };
    }
    const isFirstUse = row.usedAt === null && (await markRefreshTokenUsed(tx, row.id, now));
    const isWithinGrace = row.usedAt !== null && now.getTime() - row.usedAt.getTime() < REFRESH_TOKEN_REUSE_GRACE_MS;
    if (!isFirstUse && !isWithinGrace) {
      await revokeRefreshTokenFamily(tx, row.familyId, now);
      return { kind: 'reused', sessionId: row.familyId };
    }
    const user = await findUserCredentialsById(tx, row.userId);
    if (!user) return { kind: 'invalid', message: 'The refresh token is not valid.' };
    if (isFirstUse) {
      const tokens = await issueTokenPair(txCtx, signer, user, { familyId: row.familyId, refreshToken: successor });
      return { kind: 'issued', tokens };
    }
    // Within the grace: the successor stored at the first use, if it still stands (not revoked since).
    const stored = await findRefreshTokenForUpdate(tx, hashRefreshToken(successor));
    if (!stored || stored.familyId !== row.familyId || stored.revokedAt) {
      return { kind: 'invalid', message: 'The refresh token is not valid.' };
    }
    const accessToken = await signAccessToken(signer, user, row.familyId);
    return { kind: 'issued', tokens: { accessToken, refreshToken: successor } };
  });
  if (outcome.kind === 'reused') {
    endedSessions.markEnded(outcome.sessionId);
    throw new AppError(
      'RefreshTokenReusedException',
      'The refresh token was already used; all tokens of this session have been revoked.',
    );
  }
  if (outcome.kind === 'invalid') throw new AppError('InvalidTokenException', outcome.message);
  return outcome.tokens;
}

/**
 * POST /api/User/Logout: revokes every refresh token of the presented token's session (its family), which ends the
 * session's access tokens too (at once on this instance, within the principal cache's lifetime on others), and the
 * user's running impersonation sessions (a sales rep's). Answers the same for unknown, used or revoked tokens, so the
 * call reveals nothing.
 */
export async function logout(
  ctx: RequestContext,
  input: { refreshToken: string },
  endedSessions: EndedSessions,
): Promise<void> {
  const ended = await inTransaction(ctx, async (txCtx) => {
    const row = await findRefreshTokenForUpdate(txCtx.db, hashRefreshToken(input.refreshToken));
    if (!row) return null;
    await revokeRefreshTokenFamily(txCtx.db, row.familyId, new Date());
    // A sales rep who logs out stops acting for every customer (ADR 013).
    const impersonationSessionIds = await endSessionsOfRep(txCtx, row.userId, 'logout');
    return { sessionId: row.familyId, impersonationSessionIds };
  });
  if (!ended) return;
  endedSessions.markEnded(ended.sessionId);
  for (const id of ended.impersonationSessionIds) endedSessions.markImpersonationEnded(id);
}

/**
 * POST /api/User/GenerateNotLoggedInToken: an access token for an anonymous visitor. It grants nothing beyond the
 * public routes; a not-logged-in caller of GetPrices still gets 401 (spec §1: prices only for logged-in users).
 */
export async function generateNotLoggedInToken(
  _ctx: RequestContext,
  _input: { area: AreaInfo },
  signer: AccessTokenSigner,
): Promise<{ accessToken: string }> {
  const accessToken = await signer.sign({
    sub: randomUUID(),
    kind: 'anonymous',
    roles: [],
    customerId: null,
    actingForCustomerId: null,
    pwd: null,
    sid: null,
    isid: null,
  });
  return { accessToken };
}

export type ChangePasswordInput = {
  area: AreaInfo;
  currentPassword: string;
  newPassword: string;
  clientAddress: string;
};

/**
 * POST /api/User/ChangePassword (spec §7 User): requires the current password. A wrong one answers 401
 * InvalidCredentialsException naming the field `currentPassword` (spec §8 lists 401 for change password; the type
 * tells the web not to reset the session) and counts towards the login rate limit. On success every refresh token
 * of the user is revoked, a sales rep's impersonation sessions end, and access tokens issued before the change stop
 * working; the caller gets a fresh pair. While impersonating: 403 (the password is the rep's, ADR 013).
 */
export async function changePassword(
  ctx: RequestContext,
  input: ChangePasswordInput,
  signer: AccessTokenSigner,
): Promise<TokenResponse> {
  const userId = requireUser(ctx).id;
  // The password is the rep's, not the customer's, and the customer's is never reachable (ADR 013).
  if (ctx.impersonation) {
    throw new AppError('ForbiddenException', 'The password cannot be changed while acting for a customer.');
  }
  const user = await findUserCredentialsById(ctx.db, userId);
  if (!user) throw new AppError('InvalidTokenException', 'The user of this token no longer exists.');
  const now = new Date();
  const keys = await assertNotRateLimited(ctx, user.username, input.clientAddress, now);

  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordLoginFailures(ctx.db, [keys.account, keys.clientAddress], now, loginWindowStart(now));
    throw new AppError('InvalidCredentialsException', 'The current password is not correct.', [
      { field: 'currentPassword', message: 'is not correct' },
    ]);
  }

  const passwordHash = await hashPassword(input.newPassword);
  const tokens = await inTransaction(ctx, async (txCtx) => {
    const changedAt = new Date();
    await updatePasswordHash(txCtx.db, user.id, passwordHash, changedAt);
    await revokeAllRefreshTokensOfUser(txCtx.db, user.id, changedAt);
    await endSessionsOfRep(txCtx, user.id, 'password-changed');
    return issueTokenPair(txCtx, signer, { ...user, passwordChangedAt: changedAt });
  });
  await clearLoginFailures(ctx.db, keys.account);
  return tokens;
}

/**
 * GET /api/User/GetUser (spec §7 User, §3 User/Customer): the logged-in user with roles and customer number, and
 * their customer with its effective currency (spec §1: the customer's own currency overrides the area's), or null
 * for users without a customer (e.g. sales or back-office staff; spec §4: the user then stands in). With an
 * impersonation token: the rep as the user and the customer acted for.
 */
export async function getUser(ctx: RequestContext): Promise<GetUserResponse> {
  // While impersonating, the user is the rep and the customer the one acted for (spec §4 "Loading the user").
  const actingForCustomerId = ctx.impersonation && ctx.customer ? ctx.customer.id : null;
  const profile = await findUserProfile(ctx.db, requireUser(ctx).id, actingForCustomerId);
  if (!profile) throw new AppError('InvalidTokenException', 'The user of this token no longer exists.');
  const { customer } = profile;
  return {
    user: {
      username: profile.username,
      name: profile.name,
      email: profile.email,
      roles: profile.roles,
      customerNumber: profile.customerNumber,
    },
    customer: customer
      ? {
          customerNumber: customer.customerNumber,
          name: customer.name,
          areaId: customer.areaId,
          currencyCode: effectiveCurrencyCode(customer.customerCurrencyCode, customer.areaCurrencyCode),
          priceGroup: customer.priceGroupId ?? '',
          addresses: customer.addresses,
        }
      : null,
  };
}
