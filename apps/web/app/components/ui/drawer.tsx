import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '~/lib/cn.ts';
import { CloseIcon } from './close-icon.tsx';

/**
 * A drawer: a modal `<dialog>` at the side of the screen, opened by a button (the phone's menu, the phone's filters).
 * As a modal dialog it moves the focus in and keeps it there (the page behind is inert), Escape closes it, and the
 * focus returns to its button; the page behind does not scroll while it is open.
 *
 * `useDrawer()` holds the state and gives the button its props; `<Drawer>` is the dialog with its title and Close.
 */
export function useDrawer() {
  const [isOpen, setIsOpen] = useState(false);
  // state, not a ref: a drawer whose dialog renders only once opened (the phone menu's, loaded then) must still open
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();

  useEffect(() => {
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
    if (!isOpen) return;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, [isOpen, dialog]);

  return {
    isOpen,
    /** Closes without returning the focus (a navigation, a wider window). */
    setIsOpen,
    dialogRef: setDialog,
    buttonRef,
    dialogId,
    /** Closes as Close does: the dialog's close event returns the focus to the button. */
    close: () => dialog?.close(),
    /** Spread on the button that opens the drawer. */
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': isOpen,
      'aria-controls': dialogId,
      onClick: () => setIsOpen(true),
    },
  };
}

export type DrawerState = ReturnType<typeof useDrawer>;

export function Drawer({
  drawer,
  title,
  className,
  children,
}: {
  drawer: DrawerState;
  title: string;
  /** Side, width and layout of the panel, e.g. `ml-auto w-[min(24rem,92vw)] flex flex-col`. */
  className: string;
  children: ReactNode;
}) {
  const titleId = useId();

  const onClose = () => {
    // Closed through `setIsOpen(false)` (a navigation, a wider window): the focus is the new page's to place.
    if (!drawer.isOpen) return;
    // Escape (the dialog's own cancel), Close, the backdrop: the focus goes back to the button
    drawer.setIsOpen(false);
    drawer.buttonRef.current?.focus();
  };

  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    // a click on the backdrop lands on the dialog element itself, outside its panel
    if (event.target === event.currentTarget) drawer.close();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is the pointer's Escape, which the dialog handles itself
    <dialog
      ref={drawer.dialogRef}
      id={drawer.dialogId}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={onDialogClick}
      className={cn(
        'm-0 h-dvh max-h-none max-w-none bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-900/50',
        className,
      )}
    >
      <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={drawer.close}
          className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
        >
          <CloseIcon className="size-5" />
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
