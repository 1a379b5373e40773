import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { formatCount } from '~/lib/format.ts';

function resultsText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'result' : 'results'}`;
}

/**
 * The filters on a phone (issue 11 §3): a "Filters (n)" button opens them in a modal `<dialog>` (focus moves in and
 * stays, Escape closes, focus returns to the button). Checkboxes apply at once behind it, so "Show n results" always
 * states what closing shows; it also applies typed ranges. The page behind is inert while it is open, so the drawer
 * announces the new count itself.
 */
export function FilterDrawer({
  filterCount,
  itemsTotal,
  formId,
  clearAllHref,
  children,
}: {
  /** Applied filter values, shown on the button. */
  filterCount: number;
  itemsTotal: number;
  /** The filter form inside, which "Show n results" submits. */
  formId: string;
  clearAllHref: string | null;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
    if (!isOpen) return;
    // the page behind must not scroll under the drawer
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, [isOpen]);

  const onClose = () => {
    // Escape (the dialog's own cancel), Close, the backdrop or "Show n results": focus goes back to the button
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    // a click on the backdrop lands on the dialog element itself, outside its panel
    if (event.target === event.currentTarget) dialogRef.current?.close();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={dialogId}
        onClick={() => setIsOpen(true)}
        className={buttonClassName('secondary', 'px-3 py-1.5')}
      >
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
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is the pointer's Escape, which the dialog handles itself */}
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-labelledby={titleId}
        onClose={onClose}
        onClick={onDialogClick}
        className="m-0 ml-auto flex h-dvh max-h-none w-[min(24rem,92vw)] max-w-none flex-col bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-900/50 [&:not([open])]:hidden"
      >
        <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold">
            Filters
          </h2>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            Close
          </button>
        </div>
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
          <button
            type="submit"
            form={formId}
            onClick={() => dialogRef.current?.close()}
            className={buttonClassName('primary', 'ml-auto')}
          >
            Show {resultsText(itemsTotal)}
          </button>
        </div>
      </dialog>
    </>
  );
}
