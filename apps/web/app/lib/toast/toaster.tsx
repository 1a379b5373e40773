import { lazy, Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import { setToastTexts, type Toast, toastStore } from './toast-store.ts';
import type { ToastTexts } from './toast-texts.ts';

const EMPTY: readonly Toast[] = [];

const ToastItems = lazy(() => import('./toast-items.tsx'));

/**
 * spec §9: toasts bottom-right, each with a progress bar while its life runs. `texts` are the area's translations
 * of spec §8; set in a layout effect, which runs before every page's effects (where payload toasts are raised).
 */
export function Toaster({ texts }: { texts: ToastTexts }) {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => EMPTY);
  useLayoutEffect(() => setToastTexts(texts), [texts]);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col items-end gap-2"
    >
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastItems toasts={toasts} />
        </Suspense>
      ) : null}
    </section>
  );
}
