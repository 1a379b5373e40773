import { browserLog } from '../browser-log.ts';
import { appEvents, type EventBus } from '../events/event-bus.ts';
import { getToastTexts } from '../toast/toast-store.ts';
import type { ToastTexts } from '../toast/toast-texts.ts';
import { type ErrorLevel, type NormalizedError, normalizeError, statusOf } from './app-error.ts';

/** One error the store holds (spec §8: with a retry count and a refresh flag). */
export type StoredError = {
  id: string;
  level: ErrorLevel;
  /**
   * Which control or form the error belongs to: a Local display shows only its own scope's error; a scope holds one
   * error at a time, whatever its level.
   */
  scope: string | undefined;
  error: NormalizedError;
  /** How often the user retried it so far. */
  retryCount: number;
  /**
   * Whether retrying means loading the page's data again (the page's loaders, React Router's revalidation) rather
   * than repeating one call: set for errors of what the page shows, not of what the user sent.
   */
  refresh: boolean;
  /** What a retry runs; none when a retry cannot help (a refused input, a forbidden page). */
  retry: (() => Promise<unknown> | unknown) | undefined;
  at: Date;
};

export type ReportOptions = {
  level?: ErrorLevel;
  scope?: string;
  retry?: () => Promise<unknown> | unknown;
  refresh?: boolean;
};

export type ErrorStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly StoredError[];
  /**
   * The global handler (spec §8): logs the error, stores it at its level (default Header) and, for a server error,
   * raises the global error event with status and message. Returns what was stored.
   */
  report(error: unknown, options?: ReportOptions): StoredError;
  /** `report`, then rejects with the stored error: for promise chains (spec §8: "then rejection"). */
  handle(error: unknown, options?: ReportOptions): Promise<never>;
  /** Runs the error's retry: on success the error goes, on failure it stays with its retry count one higher. */
  retry(id: string): Promise<void>;
  dismiss(id: string): void;
  /** Drops a control's or form's errors (it succeeded since, or is gone). */
  clearScope(scope: string): void;
  clear(): void;
};

/**
 * spec §8: a 500 raises the global error event. The storefront also answers 502–504 when the API cannot be reached
 * (lib/api.server.ts); for the user those are the same server failure, so every 5xx raises it.
 */
export function isServerError(error: NormalizedError): boolean {
  return statusOf(error) >= 500;
}

export function createErrorStore(
  options: { events?: EventBus; texts?: () => ToastTexts; now?: () => Date } = {},
): ErrorStore {
  const events = options.events ?? appEvents;
  const texts = options.texts ?? getToastTexts;
  const now = options.now ?? (() => new Date());
  let errors: readonly StoredError[] = [];
  const listeners = new Set<() => void>();
  let counter = 0;
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const update = (next: readonly StoredError[]) => {
    errors = next;
    emit();
  };

  const store: ErrorStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => errors,
    report(error, reportOptions = {}) {
      const normalized = normalizeError(error, texts());
      browserLog.error(`[error] ${normalized.message}`, error);
      counter += 1;
      const stored: StoredError = {
        id: `error-${counter}`,
        level: reportOptions.level ?? 'Header',
        scope: reportOptions.scope,
        error: normalized,
        retryCount: 0,
        refresh: reportOptions.refresh ?? false,
        retry: reportOptions.retry,
        at: now(),
      };
      // One error per control or form: a scoped error replaces the scope's previous one.
      const kept = stored.scope !== undefined ? errors.filter((item) => item.scope !== stored.scope) : errors;
      update([...kept, stored]);
      if (isServerError(normalized)) {
        events.emit('GlobalError', {
          statusCode: statusOf(normalized),
          message: normalized.message,
          statusMessage: normalized.kind === 'http' ? normalized.statusText : undefined,
          type: normalized.kind === 'http' ? normalized.type : undefined,
        });
      }
      return stored;
    },
    handle(error, reportOptions) {
      return Promise.reject(store.report(error, reportOptions));
    },
    async retry(id) {
      const stored = errors.find((item) => item.id === id);
      if (!stored?.retry) return;
      try {
        await stored.retry();
        update(errors.filter((item) => item.id !== id));
      } catch (error) {
        browserLog.error(`[error] the retry of "${stored.error.message}" failed`, error);
        const failed = { ...stored, retryCount: stored.retryCount + 1, at: now() };
        update(errors.map((item) => (item.id === id ? failed : item)));
      }
    },
    dismiss(id) {
      if (errors.some((item) => item.id === id)) update(errors.filter((item) => item.id !== id));
    },
    clearScope(scope) {
      const next = errors.filter((item) => item.scope !== scope);
      if (next.length !== errors.length) update(next);
    },
    clear() {
      if (errors.length > 0) update([]);
    },
  };
  return store;
}

/** The app's one error store (browser only). */
export const errorStore = createErrorStore();
