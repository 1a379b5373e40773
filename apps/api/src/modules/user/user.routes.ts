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
  getUserResponse,
  loginBody,
  logoutBody,
  notLoggedInTokenResponse,
  tokenResponse,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
}
