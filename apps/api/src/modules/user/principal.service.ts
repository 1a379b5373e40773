/**
 * What authentication reads of a user on every request (plugins/auth.ts, ADR 011), each in one indexed query: the
 * principal (roles, customer with its effective currency, password version) and whether a session still runs. The
 * plugin caches both per instance; the payment module reads the principal of a paid cart's owner.
 */
import type { RequestContext } from '../../context.ts';
import { findPrincipal, isSessionLive, type Principal } from './user.repository.ts';

export type { Principal } from './user.repository.ts';

/** The user's principal; null when the user no longer exists. */
export async function loadPrincipal(ctx: RequestContext, input: { userId: string }): Promise<Principal | null> {
  return findPrincipal(ctx.db, input.userId);
}

/** Whether some refresh token of the session (refresh-token family) is not revoked. */
export async function isUserSessionLive(ctx: RequestContext, input: { sessionId: string }): Promise<boolean> {
  return isSessionLive(ctx.db, input.sessionId);
}
