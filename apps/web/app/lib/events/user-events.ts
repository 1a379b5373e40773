import type { AppEventPayloads } from './event-bus.ts';

export type UserEvent =
  | { name: 'AppReady'; payload: AppEventPayloads['AppReady'] }
  | { name: 'UserLoggedIn'; payload: AppEventPayloads['UserLoggedIn'] }
  | { name: 'UserChanged'; payload: AppEventPayloads['UserChanged'] };

/**
 * The event the page's user raises when the root loader's user goes from `before` to `after` (usernames; null: nobody
 * logged in; `before` undefined: the page just hydrated). ADR 032.
 */
export function userEvent(before: string | null | undefined, after: string | null): UserEvent | null {
  if (before === undefined) return { name: 'AppReady', payload: { isLoggedIn: after !== null } };
  if (before === after) return null;
  if (before === null && after !== null) return { name: 'UserLoggedIn', payload: { username: after } };
  return { name: 'UserChanged', payload: { username: after, isLoggedIn: after !== null } };
}
