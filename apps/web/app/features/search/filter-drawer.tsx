import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button.tsx';
import { Drawer, useDrawer } from '~/components/ui/drawer.tsx';
import { formatCount } from '~/lib/format.ts';

function resultsText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'result' : 'results'}`;
}

/**
 * "Filters (n)" with its icon: the drawer's button and, before the page is hydrated, the link that jumps to the
 * filters after the results show the same, so the toolbar does not shift when one replaces the other.
 */
export function FiltersLabel({ filterCount }: { filterCount: number }) {
  return (
    <>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M4 6h16M7 12h10M10 18h4" />
      </svg>
      Filters ({formatCount(filterCount)})
    </>
  );
}

/**
 * The filters on a phone (issue 11 §3): a "Filters (n)" button opens them in a modal `<dialog>` (focus moves in and
 * stays, Escape closes, focus returns to the button). Checkboxes apply at once behind it, so "Show n results" always
 * states what closing shows; it also applies typed ranges. The page behind is inert while it is open, so the drawer
 * announces the new count itself.
 */
export function FilterDrawer({
  buttonId,
  filterCount,
  itemsTotal,
  formId,
  clearAllHref,
  children,
}: {
  /** The button's id: the listing's "Skip to filters" lands on it on a phone. */
  buttonId: string;
  /** Applied filter values, shown on the button. */
  filterCount: number;
  itemsTotal: number;
  /** The filter form inside, which "Show n results" submits. */
  formId: string;
  clearAllHref: string | null;
  children: ReactNode;
}) {
  const drawer = useDrawer();

  return (
    <>
      <Button {...drawer.buttonProps} id={buttonId} severity="secondary" className="px-3 py-1.5">
        <FiltersLabel filterCount={filterCount} />
      </Button>
      <Drawer
        drawer={drawer}
        title="Filters"
        className="ml-auto flex w-[min(24rem,92vw)] flex-col [&:not([open])]:hidden"
      >
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pb-4">{children}</div>
        <div className="flex items-center gap-3 border-t border-neutral-200 px-4 py-3">
          {clearAllHref ? (
            <Link
              to={clearAllHref}
              preventScrollReset
              replace
              className="text-sm font-medium text-accent-800 underline"
            >
              Clear all
            </Link>
          ) : null}
          <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
            {resultsText(itemsTotal)}
          </p>
          <Button type="submit" form={formId} onClick={drawer.close} severity="primary" className="ml-auto">
            Show {resultsText(itemsTotal)}
          </Button>
        </div>
      </Drawer>
    </>
  );
}
