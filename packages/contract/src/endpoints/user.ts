/**
 * User calls of spec §7 (paths exactly as the spec names them): login, tokens, the logged-in user, passwords and
 * password recovery. Most are public: their credential is in the body (a password, a refresh token or the token of a
 * mailed link), so they list 401 themselves.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  changePasswordBody,
  changePasswordResponse,
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
} from '../user.ts';

export const userEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/User/Login',
    policy: 'public',
    tag: 'User',
    summary: 'Log in with username and password',
    description:
      'Returns an access token (JWT, 15 min) and a refresh token (30 days, single use). Wrong username or password: ' +
      '401 InvalidCredentialsException. Too many failures for the account or the client address: 429 ' +
      'TooManyLoginAttemptsException until the window has passed.',
    body: loginBody,
    response: tokenResponse,
    errors: [401, 429],
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/api/User/GetUser',
    // Any logged-in user: staff without a customer get `customer: null` (spec §4: the user then stands in).
    policy: 'customer',
    tag: 'User',
    summary: 'The logged-in user and their customer',
    description: 'With an impersonation token: the sales rep as the user and the customer acted for (ADR 013).',
    response: getUserResponse,
  }),
  getAccessToken: defineEndpoint({
    method: 'POST',
    path: '/api/User/GetAccessToken',
    // Public: the refresh token in the body is the credential (the access token has usually expired by now).
    policy: 'public',
    tag: 'User',
    summary: 'Exchange a refresh token for a new token pair',
    description:
      'Rotation: the presented refresh token is used up and a new one is returned. Presenting a used token again ' +
      'within 30 seconds of its use returns another pair of the same session (one client refreshing from two ' +
      'processes at once); later, it revokes every token of that session: 401 RefreshTokenReusedException.',
    body: getAccessTokenBody,
    response: tokenResponse,
    errors: [401],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/User/Logout',
    // Public: the refresh token in the body is the credential (the access token may have expired already).
    policy: 'public',
    tag: 'User',
    summary: 'End the session a refresh token belongs to',
    description:
      'Revokes the refresh token and every token rotated from it, and ends the user’s running impersonation sessions ' +
      '(a sales rep’s). Answers 204 whether or not the token was valid, so the call reveals nothing.',
    body: logoutBody,
    successStatus: 204,
    response: z.null().describe('The session has ended.'),
  }),
  generateNotLoggedInToken: defineEndpoint({
    method: 'POST',
    path: '/api/User/GenerateNotLoggedInToken',
    policy: 'public',
    tag: 'User',
    summary: 'An access token for an anonymous visitor',
    body: generateNotLoggedInTokenBody,
    response: notLoggedInTokenResponse,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/User/ChangePassword',
    policy: 'customer',
    tag: 'User',
    summary: "Change the logged-in user's password",
    description:
      'Requires the current password (wrong: 401 InvalidCredentialsException naming currentPassword). Revokes all ' +
      'other sessions of the user and returns a fresh token pair for this one. Wrong current passwords count ' +
      'towards the login limits: 429 TooManyLoginAttemptsException. Ends a sales rep’s impersonation sessions; with ' +
      'an impersonation token: 403 ForbiddenException (the password is the rep’s, ADR 013).',
    body: changePasswordBody,
    response: changePasswordResponse,
    errors: [429],
  }),

  // Password recovery: the token comes from the mailed link, so these calls are public.
  recoverPassword: defineEndpoint({
    method: 'POST',
    path: '/api/User/RecoverPassword',
    policy: 'public',
    tag: 'User',
    summary: 'Mail a one-time link to set a new password',
    description:
      'Answers 204 whether or not the username exists. tokenUrl must be a storefront page (400 otherwise); the ' +
      'mail links to it with token and username query parameters, valid for an hour and once. 429 ' +
      'TooManyRequestsException after repeated requests for an account or from a client address.',
    body: recoverPasswordBody,
    successStatus: 204,
    response: z.null().describe('A link is on its way if the username exists.'),
    errors: [429],
  }),
  verifyToken: defineEndpoint({
    method: 'POST',
    path: '/api/User/VerifyToken',
    policy: 'public',
    tag: 'User',
    summary: 'Whether a password recovery link is still valid',
    description: '401 InvalidTokenException for an unknown, used or expired token, or another user.',
    body: verifyTokenBody,
    response: verifyTokenResponse,
    errors: [401],
  }),
  resetPasswordByToken: defineEndpoint({
    method: 'POST',
    path: '/api/User/ResetPasswordByToken',
    policy: 'public',
    tag: 'User',
    summary: 'Set a new password with a recovery link',
    description:
      'Uses the token (once; 401 InvalidTokenException otherwise) and ends every session of the user. 204: log in ' +
      'with the new password.',
    body: resetPasswordByTokenBody,
    successStatus: 204,
    response: z.null().describe('The password has been set; log in with it.'),
    errors: [401],
  }),
  getRecoveryMailTemplates: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/User/GetRecoveryMailTemplates',
    policy: 'backoffice',
    tag: 'User',
    summary: 'The texts the password recovery mail is built from',
    body: getRecoveryMailTemplatesBody,
    response: getRecoveryMailTemplatesResponse,
  }),
};
