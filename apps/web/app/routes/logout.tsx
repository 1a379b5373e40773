import { redirect } from 'react-router';
import { clearAuthTokens } from '~/lib/session.server.ts';
import type { Route } from './+types/logout';

/** spec §4: Logout clears every token and goes to /login. POST only, so a link or image cannot log people out. */
export function action({ context }: Route.ActionArgs) {
  clearAuthTokens(context);
  return redirect('/login');
}

export function loader() {
  return redirect('/');
}
