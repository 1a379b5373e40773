/**
 * Access tokens: short-lived HS256 JWTs. The claims say who the caller is and which session (refresh-token family)
 * the token belongs to; what they may see, and whether the session still runs, is read from the database through
 * the principal cache (plugins/auth.ts), so a changed role or an ended session takes effect within seconds.
 */
import { type Role, roleSchema } from '@b2b/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { ACCESS_TOKEN_TTL_SECONDS, TOKEN_AUDIENCE, TOKEN_ISSUER } from './auth.constants.ts';

const claimsSchema = z.object({
  /** The user id, or for anonymous tokens a random visitor id. */
  sub: z.guid(),
  kind: z.enum(['user', 'anonymous']),
  roles: z.array(roleSchema),
  customerId: z.guid().nullable(),
  /** The customer a sales rep acts for (spec §6, ADR 013); null for a user acting for their own customer. */
  actingForCustomerId: z.guid().nullable(),
  /** The user's `passwordChangedAt` (epoch ms) at issue: a later password change invalidates the token. */
  pwd: z.number().nullable(),
  /**
   * The session: the refresh-token family the token was issued with. Logout or a replayed refresh token ends the
   * family, and with it this token (ADR 011). Null for anonymous tokens, which have no session.
   */
  sid: z.guid().nullable(),
  /**
   * The impersonation session the token belongs to (ADR 013): ending it (EndImpersonation, the rep's Logout or
   * password change) ends the token. Null, or absent in tokens issued before impersonation, for every other token.
   */
  isid: z.guid().nullable().default(null),
});
export type AccessTokenClaims = z.infer<typeof claimsSchema>;

/**
 * How many verified tokens are kept (issue 12). Every authenticated call verified its token anew: the HMAC through
 * WebCrypto, jose's claim checks and the claims' zod parse cost about 0.2 ms of API CPU a call, a tenth of the
 * API's own work for an add-to-cart + calculate over HTTP. A storefront session presents the same token for 15
 * minutes, so a token already verified is looked up by its exact text instead (a different signature is a different
 * text, so a forged token never meets a cached entry). Only the signature and the claims are cached: the expiry is
 * checked on every use, and whether the session, the user's password and roles or the impersonation session still
 * hold is checked after this, through the principal cache (plugins/auth.ts), exactly as before.
 */
const VERIFIED_TOKEN_CACHE_MAX_ENTRIES = 10_000;

export type AccessTokenSigner = {
  /** Signs for ACCESS_TOKEN_TTL_SECONDS, or until `expiresAt` (an impersonation token lives as long as its session). */
  sign(claims: AccessTokenClaims, options?: { expiresAt?: Date }): Promise<string>;
  /**
   * The token's claims once its signature, issuer and audience are verified (a token verified before is answered from
   * a cache, its expiry checked again).
   * @throws AppError InvalidTokenException for a malformed, forged or expired token.
   */
  verify(token: string): Promise<AccessTokenClaims>;
};

/** Creates the signer/verifier for one secret; the HMAC key is imported once, not per request. */
export async function createAccessTokenSigner(secret: string): Promise<AccessTokenSigner> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  /** Verified tokens by their text (VERIFIED_TOKEN_CACHE_MAX_ENTRIES); per signer, so per secret. */
  const verified = new LRUCache<string, { claims: AccessTokenClaims; expiresAtSeconds: number }>({
    max: VERIFIED_TOKEN_CACHE_MAX_ENTRIES,
  });
  return {
    async sign(claims, options = {}) {
      const { sub, ...rest } = claims;
      // jose takes seconds since the epoch for an absolute expiry.
      const expiration = options.expiresAt
        ? Math.floor(options.expiresAt.getTime() / 1000)
        : `${ACCESS_TOKEN_TTL_SECONDS}s`;
      return new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiration)
        .sign(key);
    },
    async verify(token) {
      const cached = verified.get(token);
      if (cached !== undefined) {
        // jose's rule: a token is expired once its `exp` (seconds) is not after the current second.
        if (cached.expiresAtSeconds > Math.floor(Date.now() / 1000)) return cached.claims;
        verified.delete(token);
        throw new AppError('InvalidTokenException', 'The access token has expired.');
      }
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['exp'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          throw new AppError('InvalidTokenException', 'The access token has expired.');
        }
        throw new AppError('InvalidTokenException', 'The access token is not valid.');
      }
      const parsed = claimsSchema.safeParse(payload);
      if (!parsed.success) throw new AppError('InvalidTokenException', 'The access token is not valid.');
      const claims = Object.freeze(parsed.data);
      const expiresAtSeconds = payload.exp as number;
      // Kept no longer than the token lives (the expiry check above is what refuses it; this only frees the entry).
      verified.set(token, { claims, expiresAtSeconds }, { ttl: Math.max(1, expiresAtSeconds * 1000 - Date.now()) });
      return claims;
    },
  };
}

/**
 * What a user's own access token (not an impersonation token) binds to: its session and password version. An
 * impersonation token started with it carries both, so a Logout or a password change of the rep ends it too.
 */
export type UserTokenSession = { sessionId: string; passwordVersion: number };

/** Claims for a logged-in user acting for their own customer, in the session `sessionId` (refresh-token family). */
export function userClaims(input: {
  userId: string;
  roles: Role[];
  customerId: string | null;
  passwordChangedAt: Date;
  sessionId: string;
}): AccessTokenClaims {
  return {
    sub: input.userId,
    kind: 'user',
    roles: input.roles,
    customerId: input.customerId,
    actingForCustomerId: null,
    pwd: input.passwordChangedAt.getTime(),
    sid: input.sessionId,
    isid: null,
  };
}

/**
 * Claims for a sales rep acting for a customer (ADR 013): the rep is the subject, bound to the rep's own session and
 * password version (a Logout or password change ends the token) and to the impersonation session.
 */
export function impersonationClaims(input: {
  repUserId: string;
  roles: Role[];
  passwordVersion: number;
  repSessionId: string;
  customerId: string;
  impersonationSessionId: string;
}): AccessTokenClaims {
  return {
    sub: input.repUserId,
    kind: 'user',
    roles: input.roles,
    customerId: null,
    actingForCustomerId: input.customerId,
    pwd: input.passwordVersion,
    sid: input.repSessionId,
    isid: input.impersonationSessionId,
  };
}

/**
 * Where the services that end a session (Logout, a replayed refresh token, EndImpersonation) report it, so this instance refuses the
 * session's access tokens at once; other instances see the revoked family within the principal cache's lifetime.
 */
export type EndedSessions = {
  markEnded(sessionId: string): void;
  /** Called after an impersonation session ended (committed): its token stops at once here (ADR 013). */
  markImpersonationEnded(impersonationSessionId: string): void;
};
