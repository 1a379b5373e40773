/**
 * User calls of spec §7 (paths exactly as the spec names them). Each route: method, url, summary, schemas from the
 * contract, its policy, and one service call.
 */
import {
  changePasswordBody,
  changePasswordResponse,
  errorResponseSchema,
  generateNotLoggedInTokenBody,
  getAccessTokenBody,
  getRecoveryMailTemplatesBody,
  getRecoveryMailTemplatesResponse,
  getUserResponse,
  loginBody,
  logoutBody,
  notLoggedInTokenResponse,
  recoverPasswordBody,
  resetPasswordByTokenBody,
  tokenResponse,
  verifyTokenBody,
  verifyTokenResponse,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getRecoveryMailTemplates,
  recoverPassword,
  resetPasswordByToken,
  verifyRecoveryToken,
} from './password-recovery.ts';
import { changePassword, generateNotLoggedInToken, getAccessToken, getUser, login, logout } from './user.service.ts';

const TAGS = ['User'];

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signer = fastify.accessTokens;

  app.post('/api/User/Login', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Log in with username and password',
      description:
        'Returns an access token (JWT, 15 min) and a refresh token (30 days, single use). Wrong username or password: ' +
        '401 InvalidCredentialsException. Too many failures for the account or the client address: 429 ' +
        'TooManyLoginAttemptsException until the window has passed.',
      body: loginBody,
      response: { 200: tokenResponse, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (request) => login(request.ctx, { ...request.body, clientAddress: request.ip }, signer),
  });

  app.get('/api/User/GetUser', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: 'The logged-in user and their customer',
      response: { 200: getUserResponse, 401: errorResponseSchema },
    },
    handler: async (request) => getUser(request.ctx),
  });

  app.post('/api/User/GetAccessToken', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Exchange a refresh token for a new token pair',
      description:
        'Rotation: the presented refresh token is used up and a new one is returned. Presenting a used token again ' +
        'revokes every token of that session: 401 RefreshTokenReusedException.',
      body: getAccessTokenBody,
      response: { 200: tokenResponse, 400: errorResponseSchema, 401: errorResponseSchema },
    },
    handler: async (request) => getAccessToken(request.ctx, request.body, signer),
  });

  app.post('/api/User/Logout', {
    // Public: the refresh token in the body is the credential (the access token may have expired already).
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'End the session a refresh token belongs to',
      description:
        'Revokes the refresh token and every token rotated from it. Answers 204 whether or not the token was valid, ' +
        'so the call reveals nothing.',
      body: logoutBody,
      response: { 204: z.null().describe('The session has ended.'), 400: errorResponseSchema },
    },
    handler: async (request, reply) => {
      await logout(request.ctx, request.body);
      return reply.code(204).send(null);
    },
  });

  app.post('/api/User/GenerateNotLoggedInToken', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'An access token for an anonymous visitor',
      body: generateNotLoggedInTokenBody,
      response: { 200: notLoggedInTokenResponse, 400: errorResponseSchema },
    },
    handler: async (request) => generateNotLoggedInToken(request.ctx, request.body, signer),
  });

  app.post('/api/User/ChangePassword', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "Change the logged-in user's password",
      description:
        'Requires the current password (wrong: 401 InvalidCredentialsException naming currentPassword). Revokes all ' +
        'other sessions of the user and returns a fresh token pair for this one.',
      body: changePasswordBody,
      response: {
        200: changePasswordResponse,
        400: errorResponseSchema,
        401: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (request) => {
      const tokens = await changePassword(request.ctx, { ...request.body, clientAddress: request.ip }, signer);
      // Tokens issued before the change must stop working on this instance now, not when the cache entry expires.
      if (request.ctx.user) fastify.principals.invalidate(request.ctx.user.id);
      return tokens;
    },
  });

  // --- Password recovery (spec §7 User; the tokens come from the mailed link, so these are public) -------------

  app.post('/api/User/RecoverPassword', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Mail a one-time link to set a new password',
      description:
        'Answers 204 whether or not the username exists. tokenUrl must be a storefront page (400 otherwise); the ' +
        'mail links to it with token and username query parameters, valid for an hour and once. 429 ' +
        'TooManyRequestsException after repeated requests for an account or from a client address.',
      body: recoverPasswordBody,
      response: { 204: z.null(), 400: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (request, reply) => {
      await recoverPassword(request.ctx, { ...request.body, clientAddress: request.ip }, fastify.config);
      return reply.code(204).send(null);
    },
  });

  app.post('/api/User/VerifyToken', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Whether a password recovery link is still valid',
      description: '401 InvalidTokenException for an unknown, used or expired token, or another user.',
      body: verifyTokenBody,
      response: { 200: verifyTokenResponse, 400: errorResponseSchema, 401: errorResponseSchema },
    },
    handler: async (request) => verifyRecoveryToken(request.ctx, request.body),
  });

  app.post('/api/User/ResetPasswordByToken', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Set a new password with a recovery link',
      description:
        'Uses the token (once; 401 InvalidTokenException otherwise) and ends every session of the user. 204: log in ' +
        'with the new password.',
      body: resetPasswordByTokenBody,
      response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema },
    },
    handler: async (request, reply) => {
      const { userId } = await resetPasswordByToken(request.ctx, request.body);
      fastify.principals.invalidate(userId);
      return reply.code(204).send(null);
    },
  });

  app.post('/backoffice/api/User/GetRecoveryMailTemplates', {
    config: { policy: 'backoffice' },
    schema: {
      tags: TAGS,
      summary: 'The texts the password recovery mail is built from',
      body: getRecoveryMailTemplatesBody,
      response: {
        200: getRecoveryMailTemplatesResponse,
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
      },
    },
    handler: async () => getRecoveryMailTemplates(),
  });
}
