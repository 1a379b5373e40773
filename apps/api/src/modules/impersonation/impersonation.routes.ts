/** Sales impersonation calls (spec §6, §7 Sales impersonation; ADR 013); definitions in @b2b/contract/endpoints/impersonation. */
import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { endImpersonation, getAllowedUsersToImpersonate, impersonate } from './impersonation.service.ts';
import {
  getAssistedSessions,
  getImpersonationSessions,
  getOwnAssistedOrders,
  getOwnImpersonationSessions,
} from './impersonation-sessions.service.ts';

export async function impersonationRoutes(app: FastifyInstance) {
  registerEndpoint(app, impersonationEndpoints.getAllowedUsersToImpersonate, async (request) =>
    getAllowedUsersToImpersonate(request.ctx, request.body),
  );
  registerEndpoint(app, impersonationEndpoints.impersonate, async (request) =>
    impersonate(request.ctx, { ...request.body, repToken: request.userTokenSession }, app.accessTokens, app.principals),
  );
  registerEndpoint(app, impersonationEndpoints.endImpersonation, async (request, reply) => {
    await endImpersonation(request.ctx, app.principals);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, impersonationEndpoints.getAssistedSessions, async (request) =>
    getAssistedSessions(request.ctx, request.body),
  );
  registerEndpoint(app, impersonationEndpoints.getOwnImpersonationSessions, async (request) =>
    getOwnImpersonationSessions(request.ctx, request.body),
  );
  registerEndpoint(app, impersonationEndpoints.getOwnAssistedOrders, async (request) =>
    getOwnAssistedOrders(request.ctx, request.body),
  );
  registerEndpoint(app, impersonationEndpoints.getSessions, async (request) =>
    getImpersonationSessions(request.ctx, request.query),
  );
}
