import { browserLog } from '../browser-log.ts';
/**
 * The application's events (spec §4, §8; ADR 032). In this storefront the pages and their saved state come from the
 * server's loaders (ADR 001), so the bus carries what the browser itself must react to: the app became interactive,
 * a user logged in, the user behind the page changed, the cart changed, a server error needs the global error toast.
 */
export type AppEventPayloads = {
  /** The page hydrated; `isLoggedIn` as the server rendered it. */
  AppReady: { isLoggedIn: boolean };
  /** spec §4: login emits the logged-in event (after the login's redirect rendered the first logged-in page). */
  UserLoggedIn: { username: string };
  /** The user behind the page is another one than before (a login in another tab, a session ended elsewhere). */
  UserChanged: { username: string | null; isLoggedIn: boolean };
  /** The cart changed on the server (a line added, changed or removed). */
  CartUpdated: { lineCount: number };
  /** spec §8: a 500 raises the global error event with status and message. */
  GlobalError: { statusCode: number; message: string; statusMessage?: string | undefined; type?: string | undefined };
};

export type AppEventName = keyof AppEventPayloads;

export const APP_EVENT_NAMES: readonly AppEventName[] = [
  'AppReady',
  'UserLoggedIn',
  'UserChanged',
  'CartUpdated',
  'GlobalError',
];

type Handler<E extends AppEventName> = (payload: AppEventPayloads[E]) => void;

export type EventBus = {
  /** Adds a handler; returns the function that removes it. */
  on<E extends AppEventName>(event: E, handler: Handler<E>): () => void;
  /**
   * Runs the event's handlers in the order they were added. An event with no mapping (a name the bus does not know)
   * logs spec §8's console error and runs nothing; a handler that throws is logged and the others still run.
   */
  emit<E extends AppEventName>(event: E, payload: AppEventPayloads[E]): void;
};

/** spec §8, word for word. */
export function unknownEventMessage(event: string): string {
  return `EventBus error: Function mapping for ${event} does not exist.`;
}

export function createEventBus(): EventBus {
  // One list of handlers per known event: the "function mapping" of the spec. Unknown names have none.
  const mapping = new Map<string, Set<(payload: never) => void>>(
    APP_EVENT_NAMES.map((name) => [name, new Set<(payload: never) => void>()]),
  );
  return {
    on(event, handler) {
      const handlers = mapping.get(event);
      if (!handlers) {
        browserLog.error(unknownEventMessage(event));
        return () => {};
      }
      const entry = handler as (payload: never) => void;
      handlers.add(entry);
      return () => handlers.delete(entry);
    },
    emit(event, payload) {
      const handlers = mapping.get(event);
      if (!handlers) {
        browserLog.error(unknownEventMessage(event));
        return;
      }
      for (const handler of [...handlers]) {
        try {
          (handler as (payload: AppEventPayloads[typeof event]) => void)(payload);
        } catch (error) {
          browserLog.error(`[events] a handler of ${event} failed`, error);
        }
      }
    },
  };
}

/** The app's one bus (browser only: the server renders and emits nothing). */
export const appEvents = createEventBus();
