/**
 * Access tokens: short-lived HS256 JWTs. The claims say who the caller is and which session (refresh-token family)
 * the token belongs to; what they may see, and whether the session still runs, is read from the database through
 * the principal cache (plugins/auth.ts), so a changed role or an ended session takes effect within seconds.
 */
import { type Role, roleSchema } from '@b2b/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { ACCESS_TOKEN_TTL_SECONDS, TOKEN_AUDIENCE, TOKEN_ISSUER } from './auth.constants.ts';

const claimsSchema = z.object({
  /** The user id, or for anonymous tokens a random visitor id. */
  sub: z.guid(),
  kind: z.enum(['user', 'anonymous']),
  roles: z.array(roleSchema),
  customerId: z.guid().nullable(),
  /** Set once sales impersonation lands (spec §6); null for a user acting for their own customer. */
  actingForCustomerId: z.guid().nullable(),
  /** The user's `passwordChangedAt` (epoch ms) at issue: a later password change invalidates the token. */
  pwd: z.number().nullable(),
  /**
   * The session: the refresh-token family the token was issued with. Logout or a replayed refresh token ends the
   * family, and with it this token (ADR 011). Null for anonymous tokens, which have no session.
   */
  sid: z.guid().nullable(),
});
export type AccessTokenClaims = z.infer<typeof claimsSchema>;

export type AccessTokenSigner = {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** @throws AppError InvalidTokenException for a malformed, forged or expired token. */
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
  return {
    async sign(claims) {
      const { sub, ...rest } = claims;
      return new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
        });
        const parsed = claimsSchema.safeParse(payload);
        if (!parsed.success) throw new AppError('InvalidTokenException', 'The access token is not valid.');
        return parsed.data;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) {
          throw new AppError('InvalidTokenException', 'The access token has expired.');
        }
        throw new AppError('InvalidTokenException', 'The access token is not valid.');
      }
    },
  };
}

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
  };
}

/**
 * Where the services that end a session (Logout, a replayed refresh token) report it, so this instance refuses the
 * session's access tokens at once; other instances see the revoked family within the principal cache's lifetime.
 */
export type EndedSessions = {
  markEnded(sessionId: string): void;
};
