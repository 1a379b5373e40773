/**
 * Authentication: reads `Authorization: Bearer <jwt>` (spec §7: the impersonation token if held, else the access
 * token), verifies it (HS256) and builds `request.ctx` (conventions §2). What the caller may see (roles, customer,
 * effective currency) is read from the database in one indexed query, not taken from the token, and so is whether
 * the token's session still runs: role, customer and password changes and ended sessions (Logout, a replayed refresh
 * token) take effect within PRINCIPAL_CACHE_TTL_MS rather than after the token's 15 minutes (ADR 011).
 *
 * An impersonation token (ADR 013) acts for the customer of its session, with the rep as the acting user, while the
 * rep keeps the password version, the role `impersonation`, the customer in the book and the own session, and the
 * impersonation session has neither ended nor expired: all read in one joined query per cache miss.
 */
import { type AreaInfo, areaInfoSchema } from '@b2b/contract';
import { type CacheCounter, type CacheRegistry, lruCacheSource } from '@b2b/contract/cache-registry';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createAnonymousContext, type RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import {
  type ImpersonationPrincipal,
  loadImpersonationPrincipal,
  recordImpersonationActivity,
} from '../modules/impersonation/impersonation.service.ts';
import type {
  AccessTokenClaims,
  AccessTokenSigner,
  EndedSessions,
  UserTokenSession,
} from '../modules/user/access-token.ts';
import { isUserSessionLive, loadPrincipal, type Principal } from '../modules/user/principal.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request context (context.ts), set in onRequest before the route's policy is checked. */
    ctx: RequestContext;
    /**
     * The session and password version of the caller's own access token; null without one and for an
     * impersonation token. Impersonate binds the new token to it (ADR 013).
     */
    userTokenSession: UserTokenSession | null;
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

/** An impersonation session's last activity is written at most this often (ADR 013: a write per request tells nothing more). */
export const IMPERSONATION_ACTIVITY_INTERVAL_MS = 60_000;

export class PrincipalCache implements EndedSessions {
  /** By user id; a user that no longer exists is cached as `{ principal: null }` (the cache holds no nulls). */
  readonly #principals = new LRUCache<string, { principal: Principal | null }>({
    max: PRINCIPAL_CACHE_MAX_ENTRIES,
    ttl: PRINCIPAL_CACHE_TTL_MS,
  });
  /** By session id (refresh-token family): whether some refresh token of the session is not revoked. */
  readonly #sessions = new LRUCache<string, boolean>({ max: PRINCIPAL_CACHE_MAX_ENTRIES, ttl: PRINCIPAL_CACHE_TTL_MS });
  /** By impersonation session id: what decides whether its token acts (`{ principal: null }`: no such session). */
  readonly #impersonations = new LRUCache<string, { principal: ImpersonationPrincipal | null }>({
    max: PRINCIPAL_CACHE_MAX_ENTRIES,
    ttl: PRINCIPAL_CACHE_TTL_MS,
  });
  /**
   * Counts the invalidations (invalidate, markEnded, markImpersonationEnded). A read that began before one and
   * finishes after it may hold what was true before it, so it is answered but not cached: without this, a request in
   * flight while EndImpersonation runs re-caches the session as running, and its token acts for the cache's lifetime.
   */
  #invalidations = 0;
  /** Impersonation sessions whose last activity this instance recorded within the interval. */
  readonly #activityRecorded = new LRUCache<string, true>({
    max: PRINCIPAL_CACHE_MAX_ENTRIES,
    ttl: IMPERSONATION_ACTIVITY_INTERVAL_MS,
  });
  /** Look-ups of principals, sessions and impersonation sessions, for Debug/GetCacheUsage (type `principal`). */
  readonly #lookups: CacheCounter | undefined;

  /**
   * Registers with the app's caches as `principal` (Debug/GetCacheUsage): the principals, sessions and impersonation
   * sessions; the activity marks are no copy of data and are left out.
   */
  constructor(registry?: CacheRegistry) {
    const reader = lruCacheSource(() => [this.#principals, this.#sessions, this.#impersonations]);
    this.#lookups = registry?.register('principal', { read: () => reader.read(), invalidate: () => this.clear() });
  }

  /**
   * The principal of a token. A cached one whose password version differs from the token's is re-read first: the
   * token may be newer than the cache entry (issued after a password change elsewhere).
   */
  async load(ctx: RequestContext, userId: string, passwordVersion: number | null): Promise<Principal | null> {
    const cached = this.#principals.get(userId);
    this.#lookups?.count(cached !== undefined);
    if (
      cached !== undefined &&
      (cached.principal === null || cached.principal.passwordChangedAt.getTime() === passwordVersion)
    ) {
      return cached.principal;
    }
    const invalidationsBefore = this.#invalidations;
    const principal = await loadPrincipal(ctx, { userId });
    if (invalidationsBefore === this.#invalidations) this.#principals.set(userId, { principal });
    return principal;
  }

  /** Whether the session still runs. An ended session never runs again, so only "live" can go stale. */
  async isSessionLive(ctx: RequestContext, sessionId: string): Promise<boolean> {
    const cached = this.#sessions.get(sessionId);
    this.#lookups?.count(cached !== undefined);
    if (cached !== undefined) return cached;
    const invalidationsBefore = this.#invalidations;
    const isLive = await isUserSessionLive(ctx, { sessionId });
    if (invalidationsBefore === this.#invalidations) this.#sessions.set(sessionId, isLive);
    return isLive;
  }

  /**
   * What decides whether an impersonation token acts, by impersonation session. An entry was read for one rep and one
   * rep's session (those of the token that started the session) and answers no token naming others.
   */
  async loadImpersonation(
    ctx: RequestContext,
    input: { sessionId: string; repUserId: string; repSessionId: string },
  ): Promise<ImpersonationPrincipal | null> {
    const cached = this.#impersonations.get(input.sessionId);
    this.#lookups?.count(cached !== undefined);
    if (cached !== undefined) {
      const { principal } = cached;
      return principal && principal.rep.userId === input.repUserId && principal.repSessionId === input.repSessionId
        ? principal
        : null;
    }
    const invalidationsBefore = this.#invalidations;
    const principal = await loadImpersonationPrincipal(ctx, input);
    if (invalidationsBefore === this.#invalidations) this.#impersonations.set(input.sessionId, { principal });
    return principal;
  }

  /**
   * Whether the request should record the session's activity: not when this instance did within the interval, nor
   * when the database's time (as last read) is that recent.
   */
  shouldRecordActivity(principal: ImpersonationPrincipal, now: Date): boolean {
    if (this.#activityRecorded.has(principal.sessionId)) return false;
    this.#activityRecorded.set(principal.sessionId, true);
    return now.getTime() - principal.lastActivityAt.getTime() >= IMPERSONATION_ACTIVITY_INTERVAL_MS;
  }

  /** Forgets the user's principal, and the impersonation sessions where the user is the rep (a password change). */
  invalidate(userId: string): void {
    this.#invalidations += 1;
    this.#principals.delete(userId);
    this.#forgetImpersonations((principal) => principal.rep.userId === userId);
  }

  /**
   * Forgets everything (InvalidateCacheByType `principal`): the next request of each user reads the database. Ended
   * sessions are forgotten too; the database still knows them as ended.
   */
  clear(): void {
    this.#invalidations += 1;
    this.#principals.clear();
    this.#sessions.clear();
    this.#impersonations.clear();
  }

  /** Called after Logout or a replay revoked the session's refresh tokens (committed). */
  markEnded(sessionId: string): void {
    this.#invalidations += 1;
    this.#sessions.set(sessionId, false);
    this.#forgetImpersonations((principal) => principal.repSessionId === sessionId);
  }

  /** Called after an impersonation session ended (committed): the next request re-reads it and is refused. */
  markImpersonationEnded(impersonationSessionId: string): void {
    this.#invalidations += 1;
    this.#impersonations.delete(impersonationSessionId);
  }

  #forgetImpersonations(matches: (principal: ImpersonationPrincipal) => boolean): void {
    const keys: string[] = [];
    for (const [key, { principal }] of this.#impersonations.entries()) {
      if (principal && matches(principal)) keys.push(key);
    }
    for (const key of keys) this.#impersonations.delete(key);
  }
}

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

/** Called once a minute at most per impersonation session; off the request's path, failures are logged. */
type RecordActivity = (impersonationSessionId: string, at: Date) => void;

async function authenticate(
  request: FastifyRequest,
  signer: AccessTokenSigner,
  principals: PrincipalCache,
  recordActivity: RecordActivity,
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
  if (claims.actingForCustomerId !== null || claims.isid !== null) {
    await authenticateImpersonation(claims, principals, recordActivity, ctx);
    return;
  }
  // Tokens issued before sessions were checked carry none; the web answers the 401 by refreshing (spec §8).
  if (!claims.sid) throw new AppError('InvalidTokenException', 'The access token names no session.');
  const principal = await principals.load(ctx, claims.sub, claims.pwd);
  if (!principal) throw new AppError('InvalidTokenException', 'The user of this token no longer exists.');
  if (principal.passwordChangedAt.getTime() !== claims.pwd) {
    throw new AppError('InvalidTokenException', 'The password was changed since this token was issued.');
  }
  if (!(await principals.isSessionLive(ctx, claims.sid))) {
    throw new AppError('InvalidTokenException', 'The session of this token has ended.');
  }
  ctx.tokenKind = 'user';
  ctx.user = { id: principal.userId, username: principal.username, roles: principal.roles };
  ctx.customer = principal.customer;
  request.userTokenSession = { sessionId: claims.sid, passwordVersion: principal.passwordChangedAt.getTime() };
}

/** Why an impersonation token no longer acts; null while it does (ADR 013). */
function impersonationRefusal(principal: ImpersonationPrincipal, claims: AccessTokenClaims, now: Date): string | null {
  if (principal.customer.id !== claims.actingForCustomerId)
    return 'The token does not match its impersonation session.';
  if (principal.rep.passwordChangedAt.getTime() !== claims.pwd) {
    return 'The password was changed since this token was issued.';
  }
  if (!principal.rep.roles.includes('impersonation')) return 'The user may no longer act for customers.';
  if (!principal.isCustomerInBook) return 'The user may no longer act for this customer.';
  if (!principal.isRepSessionLive) return 'The session of this token has ended.';
  if (principal.endedAt !== null) return 'The impersonation session has ended.';
  if (principal.expiresAt.getTime() <= now.getTime()) return 'The impersonation session has expired.';
  return null;
}

/** An impersonation token: the rep acts (`user`) for the session's customer (`customer`). */
async function authenticateImpersonation(
  claims: AccessTokenClaims,
  principals: PrincipalCache,
  recordActivity: RecordActivity,
  ctx: RequestContext,
): Promise<void> {
  if (!claims.sid || !claims.isid || !claims.actingForCustomerId) {
    throw new AppError('InvalidTokenException', 'The impersonation token is not valid.');
  }
  const principal = await principals.loadImpersonation(ctx, {
    sessionId: claims.isid,
    repUserId: claims.sub,
    repSessionId: claims.sid,
  });
  if (!principal) throw new AppError('InvalidTokenException', 'The impersonation session of this token was not found.');
  const now = new Date();
  const refusal = impersonationRefusal(principal, claims, now);
  if (refusal) throw new AppError('InvalidTokenException', refusal);
  ctx.tokenKind = 'user';
  ctx.user = { id: principal.rep.userId, username: principal.rep.username, roles: principal.rep.roles };
  ctx.customer = principal.customer;
  ctx.impersonation = { sessionId: principal.sessionId };
  if (principals.shouldRecordActivity(principal, now)) recordActivity(principal.sessionId, now);
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
  app.decorateRequest('userTokenSession', null);
  const principals = new PrincipalCache(app.caches);
  app.decorate('principals', principals);
  const recordActivity: RecordActivity = (impersonationSessionId, at) =>
    app.backgroundWork.start('recording the activity of an impersonation session', () =>
      recordImpersonationActivity(createAnonymousContext(app.database.db, 'impersonation-activity'), {
        sessionId: impersonationSessionId,
        at,
        minimumGapMs: IMPERSONATION_ACTIVITY_INTERVAL_MS,
      }),
    );

  app.addHook('onRequest', async (request) => {
    const ctx: RequestContext = {
      db: app.database.db,
      requestId: request.id,
      area: null,
      user: null,
      customer: null,
      impersonation: null,
      tokenKind: null,
      replica: app.readReplica ?? undefined,
    };
    request.ctx = ctx;
    try {
      await authenticate(request, signer, principals, recordActivity, ctx);
    } catch (error) {
      const isPublic = request.is404 || request.routeOptions.config.policy === 'public';
      if (!isPublic) throw error;
      request.log.debug({ err: error }, 'ignoring an invalid token on a public route');
      Object.assign(ctx, { user: null, customer: null, impersonation: null, tokenKind: null });
      request.userTokenSession = null;
    }
  });

  // After validation: the area the request names, for services that work per area.
  app.addHook('preHandler', async (request) => {
    request.ctx.area = areaOfRequest(request);
  });
}
