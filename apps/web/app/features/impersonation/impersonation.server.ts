/**
 * Sales impersonation in the storefront (spec §4, §6, §7; ADR 013): the rep's book of customers, starting and ending
 * an impersonation (the token lives in the httpOnly `impersonationAuthToken` cookie, written by the session
 * middleware), the customer's "Assisted sessions", and the rep's own sessions and orders.
 */

import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import type { GetAllowedUsersToImpersonateResponse, GetAssistedSessionsResponse } from '@b2b/contract/impersonation';
import type {
  GetOwnAssistedOrdersResponse,
  GetOwnImpersonationSessionsResponse,
} from '@b2b/contract/sales-rep-history';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { type AuthenticatedSession, requireUser } from '~/lib/auth.server.ts';
import { isSalesRep, NOT_A_SALES_REP_REASON } from '~/lib/sales-rep.ts';
import { clearImpersonationToken, getSession, setImpersonationToken } from '~/lib/session.server.ts';
import type { ActAsInput } from './act-as-form.ts';
import { CUSTOMERS_PAGE_SIZE, type ImpersonationListParams } from './impersonation-params.ts';

type Context = Readonly<RouterContextProvider>;

/** spec §6: only users whose roles include `impersonation` may list customers and act for one. */
export function requireSalesRep(context: Context, request: Request): AuthenticatedSession {
  const session = requireUser(context, request);
  if (!isSalesRep(session.user)) throw data({ reason: NOT_A_SALES_REP_REASON }, { status: 403 });
  return session;
}

/** The rep's own book of customers, filtered and paged (GetAllowedUsersToImpersonate). */
export function listImpersonableCustomers(
  context: Context,
  params: ImpersonationListParams,
): Promise<GetAllowedUsersToImpersonateResponse> {
  const { area } = getSession(context);
  // spec §7: like every call but Impersonate, with the impersonation token when one is held.
  return getApi(context).call(impersonationEndpoints.getAllowedUsersToImpersonate, {
    body: {
      area,
      pageSize: CUSTOMERS_PAGE_SIZE,
      pageNr: params.page,
      ...(params.search ? { search: params.search } : {}),
      ...(params.areaId ? { areaId: params.areaId } : {}),
    },
  });
}

export type StartImpersonationResult =
  | { ok: true; customerName: string }
  | { ok: false; status: number; message: string };

/**
 * spec §4, §6: Impersonate is authorised with the rep's own access token (never an impersonation token) and its
 * token is stored for every later call. A running impersonation is replaced (the API ends its session).
 */
export async function startImpersonation(context: Context, input: ActAsInput): Promise<StartImpersonationResult> {
  const { area } = getSession(context);
  try {
    const answer = await getApi(context).call(
      impersonationEndpoints.impersonate,
      { body: { area, customerNo: input.customerNo, reason: input.reason } },
      { auth: 'access' },
    );
    setImpersonationToken(context, answer.token);
    return { ok: true, customerName: answer.customer.name };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // spec §8: an impersonation failure is logged; the page says what went wrong.
    console.warn('[impersonation] Impersonate failed', error.status, error.type);
    if (error.status === 403) {
      return { ok: false, status: 403, message: `You may not act for customer ${input.customerNo}.` };
    }
    if (error.status === 404) {
      return { ok: false, status: 404, message: `There is no customer ${input.customerNo}.` };
    }
    if (error.status === 400) {
      const details = (error.body?.errors ?? []).map((fieldError) => `${fieldError.field} ${fieldError.message}`);
      return { ok: false, status: 400, message: `The request was refused: ${details.join('; ') || error.message}.` };
    }
    if (error.status === 401) throw error; // the rep's own session is over: the middleware resets it
    return { ok: false, status: 502, message: 'Acting for the customer failed. Please try again in a moment.' };
  }
}

/**
 * spec §4: ending clears the impersonation token and falls back to the rep's own. The API ends the session first,
 * with the impersonation token (ADR 013), so a copy of the token stops working too; if that fails the token is
 * still dropped here, and the session ends with its 8 hours or the rep's logout.
 */
export async function endImpersonation(context: Context): Promise<void> {
  if (!getSession(context).isImpersonating) return;
  try {
    await getApi(context).call(impersonationEndpoints.endImpersonation, { body: {} });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.warn('[impersonation] EndImpersonation failed', error.status, error.type);
  }
  clearImpersonationToken(context);
}

const ASSISTED_SESSIONS_PAGE_SIZE = 10;

/** The sessions in which a sales rep acted for the caller's customer, newest first (GetAssistedSessions). */
export function getAssistedSessionsPage(context: Context, page: number): Promise<GetAssistedSessionsResponse> {
  const { area } = getSession(context);
  return getApi(context).call(impersonationEndpoints.getAssistedSessions, {
    body: { area, pageSize: ASSISTED_SESSIONS_PAGE_SIZE, pageNr: page },
  });
}

/** Rows a page of the rep's own sessions, and of their orders, shows. */
export const OWN_HISTORY_PAGE_SIZE = 10;

/**
 * The rep's own sessions across their customers and the orders placed in them, one page of each
 * (GetOwnImpersonationSessions, GetOwnAssistedOrders; the API answers for the caller only).
 */
export async function getOwnHistory(
  context: Context,
  pages: { sessionsPage: number; ordersPage: number },
): Promise<{ sessions: GetOwnImpersonationSessionsResponse; orders: GetOwnAssistedOrdersResponse }> {
  const { area } = getSession(context);
  const api = getApi(context);
  const [sessions, orders] = await Promise.all([
    api.call(impersonationEndpoints.getOwnImpersonationSessions, {
      body: { area, pageSize: OWN_HISTORY_PAGE_SIZE, pageNr: pages.sessionsPage },
    }),
    api.call(impersonationEndpoints.getOwnAssistedOrders, {
      body: { area, pageSize: OWN_HISTORY_PAGE_SIZE, pageNr: pages.ordersPage },
    }),
  ]);
  return { sessions, orders };
}
