import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '~/components/ui/button.tsx';
import { type ErrorStore, errorStore, type StoredError } from '~/lib/errors/error-store.ts';
import { formatTime } from '~/lib/format.ts';

const EMPTY: readonly StoredError[] = [];

function useStoredErrors(store: ErrorStore): readonly StoredError[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => EMPTY);
}

function statusLine(stored: StoredError): string | null {
  if (stored.error.kind !== 'http') return null;
  return `${stored.error.statusCode} ${stored.error.statusText}`;
}

/** A retry button where a retry can help, saying how often it was tried. */
function RetryButton({ stored, store }: { stored: StoredError; store: ErrorStore }) {
  const [busy, setBusy] = useState(false);
  if (!stored.retry) return null;
  const label = stored.refresh ? 'Reload' : 'Try again';
  return (
    <Button
      severity="secondary"
      className="px-3 py-1 text-sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await store.retry(stored.id);
        setBusy(false);
      }}
    >
      {busy ? `${label}…` : label}
    </Button>
  );
}

function RetryCount({ stored }: { stored: StoredError }) {
  if (stored.retryCount === 0) return null;
  return (
    <span className="text-xs opacity-80">
      {' '}
      (tried again {stored.retryCount} {stored.retryCount === 1 ? 'time' : 'times'}, last at {formatTime(stored.at)})
    </span>
  );
}

/** spec §8 level Local: the error of one control, shown beside it (`scope` names the control). */
export function LocalError({ scope, store = errorStore }: { scope: string; store?: ErrorStore }) {
  const stored = useStoredErrors(store).find((item) => item.level === 'Local' && item.scope === scope);
  if (!stored) return null;
  return (
    <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800">
      <p>
        {stored.error.message}
        <RetryCount stored={stored} />
      </p>
      <RetryButton stored={stored} store={store} />
    </div>
  );
}

/** spec §8 level Header: a bar under the header with the page's errors, each with a retry where one can help. */
export function HeaderErrorBar({ store = errorStore }: { store?: ErrorStore }) {
  const errors = useStoredErrors(store).filter((item) => item.level === 'Header');
  if (errors.length === 0) return null;
  return (
    <section aria-label="Errors" className="border-b border-red-200 bg-red-50 text-red-950">
      {/* not a list: each line is an alert of its own, so it is announced when it comes */}
      <div className="mx-auto max-w-7xl space-y-1 px-4 py-2">
        {errors.map((stored) => (
          <div key={stored.id} role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <p className="min-w-0 flex-1">
              {statusLine(stored) ? <span className="font-semibold">{statusLine(stored)}: </span> : null}
              {stored.error.message}
              <RetryCount stored={stored} />
            </p>
            <RetryButton stored={stored} store={store} />
            <Button severity="white" className="px-3 py-1 text-sm" onClick={() => store.dismiss(stored.id)}>
              Dismiss
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * spec §8 level Modal: an error that blocks the page until it is retried or closed (a native modal dialog: the rest
 * of the page is inert, focus stays in it, Escape closes it).
 */
export function ErrorModal({ store = errorStore }: { store?: ErrorStore }) {
  const stored = useStoredErrors(store).find((item) => item.level === 'Modal');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (stored && element && !element.open) element.showModal();
    if (!stored && element?.open) element.close();
  }, [stored]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={() => {
        if (stored) store.dismiss(stored.id);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-red-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-black/40"
    >
      {stored ? (
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold text-red-900">
            {statusLine(stored) ?? 'Something went wrong'}
          </h2>
          <p className="mt-2">
            {stored.error.message}
            <RetryCount stored={stored} />
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <RetryButton stored={stored} store={store} />
            <Button severity="secondary" onClick={() => store.dismiss(stored.id)}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
