import { type ComponentProps, lazy, Suspense } from 'react';

const UnusualQuantityDialog = lazy(() =>
  import('./unusual-quantity-dialog.tsx').then((module) => ({ default: module.UnusualQuantityDialog })),
);

/**
 * The unusual-quantity question (ADR 019), loaded and rendered only once there is something to ask: a listing has a
 * form on each of its 24 cards, and none of them needs the dialog's code or its element for the first paint (issue
 * 25). Mounted, the dialog opens itself; closed, it leaves the page.
 */
export function LazyUnusualQuantityDialog(props: ComponentProps<typeof UnusualQuantityDialog>) {
  if (!props.items?.length) return null;
  return (
    <Suspense fallback={null}>
      <UnusualQuantityDialog {...props} />
    </Suspense>
  );
}
