import { redirect } from 'react-router';
import { endSession } from '~/lib/session.server.ts';
import type { Route } from './+types/logout';

/**
 * spec §4: Logout clears every token and goes to /login; the API revokes the session's refresh tokens too.
 * POST only, so a link or image cannot log people out.
 */
export async function action({ context }: Route.ActionArgs) {
  await endSession(context);
  return redirect('/login');
}

export function loader() {
  return redirect('/');
}
