import { type MouseEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '~/lib/cn.ts';
import { CloseIcon } from './close-icon.tsx';

// The platform's invoker commands (`commandfor`, `command`) and `closedby`, which React passes on as they are written
// but its types do not list yet.
declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string | undefined;
    command?: 'show-modal' | 'close' | 'request-close' | undefined;
  }
  interface DialogHTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none' | undefined;
  }
}

/**
 * A drawer: a modal `<dialog>` at the side of the screen, opened by a button (the phone's menu, the phone's filters).
 * As a modal dialog it moves the focus in and keeps it there (the page behind is inert), Escape closes it, and the
 * focus returns to its button; the page behind does not scroll while it is open.
 *
 * The button opens the dialog by the platform's invoker command (`command="show-modal"`), and Close closes it
 * likewise: both work before the page's scripts have run (ADR 025), so the dialog is always in the page's HTML.
 * React mirrors the open state from the dialog's toggle events.
 *
 * `useDrawer()` holds the state and gives the button its props; `<Drawer>` is the dialog with its title and Close.
 */
export function useDrawer() {
  const [isOpen, setIsOpen] = useState(false);
  // state, not a ref: the effect below runs again once the dialog is there
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // false while a navigation or a wider window closes the drawer: the focus is then the new page's to place
  const returnsFocusRef = useRef(true);
  const dialogId = useId();

  // The dialog opens and closes itself (the button's command, Escape, Close, the backdrop): React learns it here,
  // an opening before the page hydrated included. React does not pass a dialog's toggle event on.
  useEffect(() => {
    if (!dialog) return;
    setIsOpen(dialog.open);
    const onToggle = (event: Event) => setIsOpen((event as ToggleEvent).newState === 'open');
    dialog.addEventListener('toggle', onToggle);
    return () => dialog.removeEventListener('toggle', onToggle);
  }, [dialog]);

  useEffect(() => {
    if (!isOpen) return;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, [isOpen]);

  /** Closes without returning the focus (a navigation, a wider window). */
  const dismiss = useCallback(() => {
    if (!dialog?.open) return;
    returnsFocusRef.current = false;
    dialog.close();
  }, [dialog]);

  return {
    isOpen,
    dismiss,
    dialogRef: setDialog,
    buttonRef,
    returnsFocusRef,
    dialogId,
    /** Closes as Close does: the focus returns to the button. */
    close: () => dialog?.close(),
    /** Spread on the button that opens the drawer. */
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': isOpen,
      'aria-controls': dialogId,
      commandfor: dialogId,
      command: 'show-modal' as const,
      // a browser without invoker commands (Chromium before 135, Safari before 26.2) opens it once hydrated
      onClick: () => {
        if (!supportsCommands()) dialog?.showModal();
      },
    },
  };
}

/** Whether buttons carry out `command` themselves (the platform's invoker commands). */
function supportsCommands(): boolean {
  return 'command' in HTMLButtonElement.prototype;
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
    // Escape (the dialog's own cancel), Close, the backdrop: the focus goes back to the button; not after `dismiss`
    const returnsFocus = drawer.returnsFocusRef.current;
    drawer.returnsFocusRef.current = true;
    if (returnsFocus) drawer.buttonRef.current?.focus();
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
      // a press on the backdrop closes it, before the page's scripts have run too (onDialogClick where unsupported)
      closedby="any"
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
          commandfor={drawer.dialogId}
          command="close"
          onClick={() => {
            if (!supportsCommands()) drawer.close();
          }}
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
