/** User calls of spec §7; definitions in @b2b/contract/endpoints/user. */
import { userEndpoints } from '@b2b/contract/endpoints/user';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import {
  getRecoveryMailTemplates,
  recoverPassword,
  resetPasswordByToken,
  verifyRecoveryToken,
} from './password-recovery.ts';
import { createSuccessorDerivation } from './refresh-token.ts';
import { changePassword, generateNotLoggedInToken, getAccessToken, getUser, login, logout } from './user.service.ts';

export async function userRoutes(app: FastifyInstance) {
  const signer = app.accessTokens;
  // Under a key of its own, derived from the access tokens' key: every instance derives the same successors.
  const successorOf = createSuccessorDerivation(app.config.jwtSecret);

  // The client address feeds the login rate limit (per account and per address).
  registerEndpoint(app, userEndpoints.login, async (request) =>
    login(request.ctx, { ...request.body, clientAddress: request.ip }, signer),
  );
  registerEndpoint(app, userEndpoints.getUser, async (request) => getUser(request.ctx));
  registerEndpoint(app, userEndpoints.getAccessToken, async (request) =>
    getAccessToken(request.ctx, request.body, { signer, successorOf, endedSessions: app.principals }),
  );
  registerEndpoint(app, userEndpoints.logout, async (request, reply) => {
    await logout(request.ctx, request.body, app.principals);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, userEndpoints.generateNotLoggedInToken, async (request) =>
    generateNotLoggedInToken(request.ctx, request.body, signer),
  );
  registerEndpoint(app, userEndpoints.changePassword, async (request) => {
    const tokens = await changePassword(request.ctx, { ...request.body, clientAddress: request.ip }, signer);
    // Tokens issued before the change must stop working on this instance now, not when the cache entry expires.
    if (request.ctx.user) app.principals.invalidate(request.ctx.user.id);
    return tokens;
  });

  registerEndpoint(app, userEndpoints.recoverPassword, async (request, reply) => {
    await recoverPassword(
      request.ctx,
      { ...request.body, clientAddress: request.ip },
      app.config,
      app.backgroundWork.afterReply(reply),
    );
    return reply.code(204).send(null);
  });
  registerEndpoint(app, userEndpoints.verifyToken, async (request) => verifyRecoveryToken(request.ctx, request.body));
  registerEndpoint(app, userEndpoints.resetPasswordByToken, async (request, reply) => {
    const { userId } = await resetPasswordByToken(request.ctx, request.body);
    // Every session of the user ends with the reset; drop the cached principal so this instance refuses them now.
    app.principals.invalidate(userId);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, userEndpoints.getRecoveryMailTemplates, async (request) =>
    getRecoveryMailTemplates(request.ctx, request.body),
  );
}
