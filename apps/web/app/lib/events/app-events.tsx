import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showErrorToast } from '../toast/toast-store.ts';
import { appEvents } from './event-bus.ts';
import { userEvent } from './user-events.ts';

/**
 * The app's own handlers on the event bus, and the events the page itself raises (ADR 032):
 * - AppReady once the page hydrated; UserLoggedIn when the page's user goes from nobody to somebody (after the login's
 *   redirect); UserChanged when it becomes another user or nobody (a login or logout in another tab, a session ended
 *   elsewhere: the root loader, which runs on every navigation, tells).
 * - GlobalError shows the error toast (spec §8). UserChanged while logged in navigates to `/` (spec §2): the page on
 *   screen was the previous user's.
 * Saved state (cart, favourite lists, campaigns) is not loaded here: the loaders of every page load it on the server,
 * and the login's redirect runs them all again (ADR 032), so a handler would only load it twice.
 */
export function AppEvents({ username }: { username: string | null }) {
  const navigate = useNavigate();
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(
    () =>
      appEvents.on('GlobalError', ({ statusCode, statusMessage, type, message }) =>
        showErrorToast({ statusCode, statusMessage, type, message }),
      ),
    [],
  );
  useEffect(
    () =>
      appEvents.on('UserChanged', ({ isLoggedIn }) => {
        if (isLoggedIn) void navigate('/');
      }),
    [navigate],
  );
  useEffect(() => {
    const event = userEvent(previous.current, username);
    previous.current = username;
    if (event?.name === 'AppReady') appEvents.emit('AppReady', event.payload);
    else if (event?.name === 'UserLoggedIn') appEvents.emit('UserLoggedIn', event.payload);
    else if (event?.name === 'UserChanged') appEvents.emit('UserChanged', event.payload);
  }, [username]);
  return null;
}
