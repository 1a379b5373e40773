/** Sales impersonation calls (spec §6, §7 Sales impersonation; ADR 013). */

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  endImpersonationBody,
  getAllowedUsersToImpersonateBody,
  getAllowedUsersToImpersonateResponse,
  getAssistedSessionsResponse,
  getImpersonationSessionsQuery,
  getImpersonationSessionsResponse,
  impersonateBody,
  impersonateResponse,
  listPageBody,
} from '../impersonation.ts';
import { getOwnAssistedOrdersResponse, getOwnImpersonationSessionsResponse } from '../sales-rep-history.ts';

export const impersonationEndpoints = {
  getAllowedUsersToImpersonate: defineEndpoint({
    method: 'POST',
    path: '/api/User/GetAllowedUsersToImpersonate',
    policy: 'sales',
    tag: 'Sales impersonation',
    summary: "The customers the calling sales rep may act for (the rep's own book), filtered and paged",
    body: getAllowedUsersToImpersonateBody,
    response: getAllowedUsersToImpersonateResponse,
  }),
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/api/User/Impersonate',
    policy: 'sales',
    tag: 'Sales impersonation',
    summary: 'A token that acts for one of the rep’s customers (8 hours at most), and a new impersonation session',
    description:
      "Must be called with the rep's own access token, never an impersonation token (403). A customer outside the " +
      "rep's book: 403 ForbiddenException; an unknown customer number: 404 NotFoundException; nothing is written " +
      'then. A running session of the same rep ends (reason `replaced`). The token stops working when the session ' +
      'ends, when the rep logs out or changes the password, or loses the role or the customer.',
    body: impersonateBody,
    response: impersonateResponse,
    errors: [404],
  }),
  endImpersonation: defineEndpoint({
    method: 'POST',
    path: '/api/User/EndImpersonation',
    policy: 'sales',
    tag: 'Sales impersonation',
    summary: 'Ends the impersonation session of the presented token; the token stops working',
    description: 'Called with the impersonation token. With the rep’s own token it answers 204 and changes nothing.',
    body: endImpersonationBody,
    successStatus: 204,
    response: z.null().describe('The session has ended.'),
  }),
  getAssistedSessions: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetAssistedSessions',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "Sessions in which a sales rep acted for the caller's customer, with what was done, newest first",
    body: listPageBody,
    response: getAssistedSessionsResponse,
  }),
  getOwnImpersonationSessions: defineEndpoint({
    method: 'POST',
    path: '/api/User/GetOwnImpersonationSessions',
    policy: 'sales',
    tag: 'Sales impersonation',
    summary: "The calling sales rep's own impersonation sessions across their customers, newest first",
    description:
      'Only the caller’s sessions, never another rep’s; also while acting for a customer (the impersonation token ' +
      'names the rep). Each session counts its actions and the orders placed in it; one never ended whose 8 hours ' +
      'are over reads as `expired`.',
    body: listPageBody,
    response: getOwnImpersonationSessionsResponse,
  }),
  getOwnAssistedOrders: defineEndpoint({
    method: 'POST',
    path: '/api/User/GetOwnAssistedOrders',
    policy: 'sales',
    tag: 'Sales impersonation',
    summary: 'The orders the calling sales rep placed while acting for customers, newest first',
    description:
      'Only orders placed in the caller’s own impersonation sessions, across all of the customers; the customer’s ' +
      'own orders and other reps’ orders are never listed.',
    body: listPageBody,
    response: getOwnAssistedOrdersResponse,
  }),
  getSessions: defineEndpoint({
    method: 'GET',
    path: '/backoffice/api/Impersonation/GetSessions',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Every impersonation session with its actions, newest first; filter by customer or sales rep',
    query: getImpersonationSessionsQuery,
    response: getImpersonationSessionsResponse,
  }),
};
