/**
 * Route policies (architecture "Authorisation"): every route declares `config: { policy }`; a route without one
 * makes start-up fail, so nothing is reachable by accident. The policy is enforced before the body is parsed, so
 * an anonymous caller learns nothing from validation errors.
 *
 * - `public`: anyone, with or without a token (an invalid token is ignored here: see plugins/auth.ts).
 * - `customer`: any logged-in user (spec §6 "Logged-in customer: all non-public routes"); services that need a
 *   customer to act for answer 403 when the user has none.
 * - `sales`: a logged-in user with the role `impersonation` (spec §6 Sales person).
 * - `backoffice`: a logged-in user with the role `backoffice` (spec §6: role check not shown; ours is explicit).
 * Anonymous callers of a non-public route get 401 UnauthorizedException; logged-in users lacking the role 403.
 */
import type { Role } from '@b2b/contract';
import { POLICIES, type Policy } from '@b2b/contract/endpoint';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';

export { POLICIES, type Policy };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every route (plugins/policy.ts). */
    policy?: Policy;
  }
  interface FastifyInstance {
    /** Every route registered so far with its policy, for the route-policy test and the docs. */
    routePolicies: RoutePolicy[];
  }
}

export type RoutePolicy = { method: string; url: string; policy: Policy };

/** The API documentation (swagger-ui) is public by nature; its routes come from a plugin we do not write. */
export const DOCS_PREFIX = '/api/docs';

/** The role a policy requires, beyond being logged in. */
const REQUIRED_ROLE: Partial<Record<Policy, Role>> = { sales: 'impersonation', backoffice: 'backoffice' };

export class MissingPolicyError extends Error {
  override name = 'MissingPolicyError';
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => String(method).toUpperCase());
}

/**
 * Adds the `onRoute` check (throws at start-up for a route without a valid policy), records every route's policy
 * in `app.routePolicies`, and enforces the policy on each request (after plugins/auth.ts has built the context).
 * Must be called before any route is registered.
 */
export function registerPolicies(app: FastifyInstance): void {
  app.decorate('routePolicies', [] as RoutePolicy[]);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX) && route.config?.policy === undefined) {
      route.config = { ...route.config, policy: 'public' };
    }
    const policy = route.config?.policy;
    if (!policy || !(POLICIES as readonly string[]).includes(policy)) {
      throw new MissingPolicyError(
        `Route ${methodsOf(route).join(',')} ${route.url} has no valid config.policy (one of ${POLICIES.join(', ')}).`,
      );
    }
    for (const method of methodsOf(route)) {
      if (method === 'HEAD') continue;
      app.routePolicies.push({ method, url: route.url, policy });
    }
  });

  app.addHook('onRequest', async (request) => {
    enforcePolicy(request);
  });
}

/** Throws 401/403 when the caller may not use the matched route. */
export function enforcePolicy(request: FastifyRequest): void {
  if (request.is404) return;
  const policy = request.routeOptions.config.policy;
  if (policy === 'public') return;
  const user = request.ctx.user;
  if (!user) throw new AppError('UnauthorizedException', 'You must be logged in to use this call.');
  const role = policy ? REQUIRED_ROLE[policy] : undefined;
  if (role && !user.roles.includes(role)) {
    throw new AppError('ForbiddenException', `This call requires the role ${role}.`);
  }
}

/** The routes and their policies, sorted by URL then method (the route-policy test prints this list). */
export function listRoutePolicies(app: FastifyInstance): RoutePolicy[] {
  return [...app.routePolicies].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
