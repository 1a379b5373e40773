/**
 * Authentication: reads `Authorization: Bearer <jwt>` (spec §7: the impersonation token if held, else the access
 * token), verifies it (HS256) and builds `request.ctx` (conventions §2). What the caller may see (roles, customer,
 * effective currency) is read from the database in one indexed query, not taken from the token, and so is whether
 * the token's session still runs: role, customer and password changes and ended sessions (Logout, a replayed refresh
 * token) take effect within PRINCIPAL_CACHE_TTL_MS rather than after the token's 15 minutes (ADR 011).
 */
import { type AreaInfo, areaInfoSchema } from '@b2b/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { AccessTokenSigner, EndedSessions } from '../modules/user/access-token.ts';
import { findPrincipal, isSessionLive, type Principal } from '../modules/user/user.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request context (context.ts), set in onRequest before the route's policy is checked. */
    ctx: RequestContext;
  }
  interface FastifyInstance {
    /**
     * The cache of users' principals and sessions; ChangePassword empties a user's entry and Logout marks a session
     * ended, so old tokens stop at once on this instance.
     */
    principals: PrincipalCache;
  }
}

/**
 * How long a user's principal (roles, customer, password version) and a session's liveness are reused without
 * asking the database. On PGlite a query costs milliseconds, and every authenticated request needs both. A change
 * made through this instance applies at once (ChangePassword, Logout and a replay invalidate); one made elsewhere
 * (another instance, an admin tool) within this time.
 */
export const PRINCIPAL_CACHE_TTL_MS = 5_000;
const PRINCIPAL_CACHE_MAX_ENTRIES = 10_000;

export class PrincipalCache implements EndedSessions {
  /** By user id; a user that no longer exists is cached as `{ principal: null }` (the cache holds no nulls). */
  readonly #principals = new LRUCache<string, { principal: Principal | null }>({
    max: PRINCIPAL_CACHE_MAX_ENTRIES,
    ttl: PRINCIPAL_CACHE_TTL_MS,
  });
  /** By session id (refresh-token family): whether some refresh token of the session is not revoked. */
  readonly #sessions = new LRUCache<string, boolean>({ max: PRINCIPAL_CACHE_MAX_ENTRIES, ttl: PRINCIPAL_CACHE_TTL_MS });

  /**
   * The principal of a token. A cached one whose password version differs from the token's is re-read first: the
   * token may be newer than the cache entry (issued after a password change elsewhere).
   */
  async load(db: RequestContext['db'], userId: string, passwordVersion: number | null): Promise<Principal | null> {
    const cached = this.#principals.get(userId);
    if (
      cached !== undefined &&
      (cached.principal === null || cached.principal.passwordChangedAt.getTime() === passwordVersion)
    ) {
      return cached.principal;
    }
    const principal = await findPrincipal(db, userId);
    this.#principals.set(userId, { principal });
    return principal;
  }

  /** Whether the session still runs. An ended session never runs again, so only "live" can go stale. */
  async isSessionLive(db: RequestContext['db'], sessionId: string): Promise<boolean> {
    const cached = this.#sessions.get(sessionId);
    if (cached !== undefined) return cached;
    const isLive = await isSessionLive(db, sessionId);
    this.#sessions.set(sessionId, isLive);
    return isLive;
  }

  invalidate(userId: string): void {
    this.#principals.delete(userId);
  }

  /** Called after Logout or a replay revoked the session's refresh tokens (committed). */
  markEnded(sessionId: string): void {
    this.#sessions.set(sessionId, false);
  }
}

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

async function authenticate(
  request: FastifyRequest,
  signer: AccessTokenSigner,
  principals: PrincipalCache,
  ctx: RequestContext,
): Promise<void> {
  const header = request.headers.authorization;
  if (!header) return;
  const match = BEARER_PATTERN.exec(header);
  if (!match?.[1]) throw new AppError('InvalidTokenException', 'The Authorization header must be "Bearer <token>".');
  const claims = await signer.verify(match[1]);
  if (claims.kind === 'anonymous') {
    ctx.tokenKind = 'anonymous';
    return;
  }
  if (claims.actingForCustomerId !== null) {
    // Sales impersonation (spec §6) is a later issue; until then no token may act for another customer.
    throw new AppError('InvalidTokenException', 'Impersonation tokens are not supported yet.');
  }
  // Tokens issued before sessions were checked carry none; the web answers the 401 by refreshing (spec §8).
  if (!claims.sid) throw new AppError('InvalidTokenException', 'The access token names no session.');
  const principal = await principals.load(ctx.db, claims.sub, claims.pwd);
  if (!principal) throw new AppError('InvalidTokenException', 'The user of this token no longer exists.');
  if (principal.passwordChangedAt.getTime() !== claims.pwd) {
    throw new AppError('InvalidTokenException', 'The password was changed since this token was issued.');
  }
  if (!(await principals.isSessionLive(ctx.db, claims.sid))) {
    throw new AppError('InvalidTokenException', 'The session of this token has ended.');
  }
  ctx.tokenKind = 'user';
  ctx.user = { id: principal.userId, username: principal.username, roles: principal.roles };
  ctx.customer = principal.customer;
}

/** The area a request names: body `area` / `areaInfo`, or query `Area.*` / `AreaInfo.*` (spec §3, §7). */
export function areaOfRequest(request: FastifyRequest): AreaInfo | null {
  const body = request.body as { area?: unknown; areaInfo?: unknown } | null | undefined;
  const fromBody = body && typeof body === 'object' ? (body.area ?? body.areaInfo) : undefined;
  if (fromBody) {
    const parsed = areaInfoSchema.safeParse(fromBody);
    if (parsed.success) return parsed.data;
  }
  const query = request.query as Record<string, unknown> | null | undefined;
  for (const prefix of ['Area', 'AreaInfo']) {
    const areaId = query?.[`${prefix}.AreaId`];
    if (areaId === undefined) continue;
    const parsed = areaInfoSchema.safeParse({
      areaId,
      languageCode: query?.[`${prefix}.LanguageCode`],
      currencyCode: query?.[`${prefix}.CurrencyCode`],
    });
    if (parsed.success) return parsed.data;
  }
  return null;
}

/**
 * Adds the hooks that build `request.ctx`. Must be called before registerPolicies so the policy check sees the
 * caller. On a public route an invalid or expired token is ignored (the caller is treated as anonymous), so an old
 * cookie never breaks public pages or the token calls themselves (Login, GetAccessToken); elsewhere it answers
 * 401 InvalidTokenException, which the web answers by refreshing or logging out (spec §8).
 */
export function registerAuthentication(app: FastifyInstance, signer: AccessTokenSigner): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  const principals = new PrincipalCache();
  app.decorate('principals', principals);

  app.addHook('onRequest', async (request) => {
    const ctx: RequestContext = {
      db: app.database.db,
      requestId: request.id,
      area: null,
      user: null,
      customer: null,
      impersonation: null,
      tokenKind: null,
    };
    request.ctx = ctx;
    try {
      await authenticate(request, signer, principals, ctx);
    } catch (error) {
      const isPublic = request.is404 || request.routeOptions.config.policy === 'public';
      if (!isPublic) throw error;
      request.log.debug({ err: error }, 'ignoring an invalid token on a public route');
      Object.assign(ctx, { user: null, customer: null, tokenKind: null });
    }
  });

  // After validation: the area the request names, for services that work per area.
  app.addHook('preHandler', async (request) => {
    request.ctx.area = areaOfRequest(request);
  });
}
