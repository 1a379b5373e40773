import type { Customer, User } from '@b2b/contract';
import { type RouterContextProvider, redirect } from 'react-router';
import { getSession, type Session } from './session.server.ts';

export type AuthenticatedSession = Session & { isLoggedIn: true; user: User; customer: Customer | null };

/** `/login?redirect=<path+search>` for the page the visitor wanted (spec §2 routing rules). */
export function getLoginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Every non-public route calls this in its loader AND its action (spec §2, §6): anonymous visitors are sent to
 * /login with the wanted path, and come back there after logging in.
 */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): AuthenticatedSession {
  const session = getSession(context);
  if (!session.isLoggedIn || !session.user) throw redirect(getLoginUrl(request));
  return session as AuthenticatedSession;
}

/** For /login: people already logged in go to the front page. */
export function requireAnonymous(context: Readonly<RouterContextProvider>): void {
  if (getSession(context).isLoggedIn) throw redirect('/');
}
