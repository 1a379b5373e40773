import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { errorStore } from '~/lib/errors/error-store.ts';

/** A part of every page that the root loader could not load; the page is shown without it. */
export type MissingPagePart = 'menus' | 'order terms';

export const NO_MISSING_PARTS: readonly MissingPagePart[] = [];

const SCOPE = 'page-parts';

type PendingReload = { resolve: () => void; reject: (reason: unknown) => void };

function describe(parts: readonly MissingPagePart[]): string {
  return `This page is shown without its ${parts.join(' and ')}: they could not be loaded. Everything else works.`;
}

/**
 * spec §8 level Header, where a page loaded only in part: the bar under the header says what is missing, and its
 * Reload loads the page's data again (a refresh error: React Router's revalidation, not one call repeated). Still
 * missing after the reload: the error stays and counts the try; whole again: it goes. Renders nothing itself.
 */
export function MissingPartsReport({ parts }: { parts: readonly MissingPagePart[] }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const pendingReload = useRef<PendingReload | null>(null);

  // Every root loader answer is a new `parts` array: each one settles a reload under way, or reports anew.
  useEffect(() => {
    const pending = pendingReload.current;
    pendingReload.current = null;
    if (pending) {
      if (parts.length > 0) pending.reject(new Error(describe(parts)));
      else pending.resolve();
      return;
    }
    if (parts.length === 0) {
      errorStore.clearScope(SCOPE);
      return;
    }
    // the next page missing the same parts: the bar already says so (and the error toast came once)
    const shown = errorStore.getSnapshot().find((stored) => stored.scope === SCOPE);
    if (shown?.error.message === describe(parts)) return;
    errorStore.report(new Error(describe(parts)), {
      level: 'Header',
      scope: SCOPE,
      refresh: true,
      retry: () =>
        new Promise<void>((resolve, reject) => {
          pendingReload.current = { resolve, reject };
          void revalidate.current();
        }),
    });
  }, [parts]);

  return null;
}
