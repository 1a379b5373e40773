import { data, type RouterContextProvider } from 'react-router';
import { type AuthenticatedSession, requireUser } from '~/lib/auth.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { isBackofficeUser } from './backoffice-paths.ts';

/**
 * Every back-office loader and action calls this first (issue 28): the workspace exists only for users with the
 * role `backoffice`. Anyone else, anonymous visitors included, gets the storefront's 404 page, so the workspace does
 * not show that it is there. Staff log in at /login?redirect=/backoffice.
 */
export function requireBackoffice(context: Readonly<RouterContextProvider>, request: Request): AuthenticatedSession {
  const session = getSession(context);
  if (!session.isLoggedIn || !isBackofficeUser(session.user)) throw data(null, { status: 404 });
  return requireUser(context, request);
}
