/**
 * Authentication: reads `Authorization: Bearer <jwt>` (spec §7: the impersonation token if held, else the access
 * token), verifies it (HS256) and builds `request.ctx` (conventions §2). What the caller may see (roles, customer,
 * effective currency) is read from the database on every request in one indexed query, so role or customer changes
 * and password changes take effect at once rather than after the token's 15 minutes.
 */
import { type AreaInfo, areaInfoSchema } from '@b2b/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { AccessTokenSigner } from '../modules/user/access-token.ts';
import { findPrincipal } from '../modules/user/user.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request context (context.ts), set in onRequest before the route's policy is checked. */
    ctx: RequestContext;
  }
}

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

async function authenticate(request: FastifyRequest, signer: AccessTokenSigner, ctx: RequestContext): Promise<void> {
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
  const principal = await findPrincipal(ctx.db, claims.sub);
  if (!principal) throw new AppError('InvalidTokenException', 'The user of this token no longer exists.');
  if (principal.passwordChangedAt.getTime() !== claims.pwd) {
    throw new AppError('InvalidTokenException', 'The password was changed since this token was issued.');
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

  app.addHook('onRequest', async (request) => {
    const ctx: RequestContext = {
      db: app.database.db,
      requestId: request.id,
      area: null,
      user: null,
      customer: null,
      isImpersonating: false,
      tokenKind: null,
    };
    request.ctx = ctx;
    try {
      await authenticate(request, signer, ctx);
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
