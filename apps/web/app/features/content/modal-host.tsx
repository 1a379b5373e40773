import type { ContentModal } from '@b2b/contract';
import { useEffect, useId, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { Button } from '~/components/ui/button.tsx';
import { useHydrated } from '~/components/ui/use-hydrated.ts';
import { parseCookies } from '~/lib/cookies.ts';
import {
  isVersionDismissed,
  modalDismissalCookieName,
  modalSessionStorageKey,
  serializeModalDismissalCookie,
} from './modal-dismissal.ts';
import { RichTextView } from './rich-text.tsx';

/** What the browser gets of a modal (its audience and paths were applied by the API). */
export type ModalView = Pick<ContentModal, 'id' | 'title' | 'content' | 'dismissLabel' | 'frequency' | 'version'>;

/** `always` modals dismissed since this document loaded: they come back on the next visit (page load). */
const dismissedThisVisit = new Set<string>();

const visitKey = (modal: ModalView) => `${modal.id}@${modal.version}`;

function readSessionStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    // storage blocked (privacy settings): the modal is then remembered for this visit only
    return null;
  }
}

function isDismissed(modal: ModalView): boolean {
  if (dismissedThisVisit.has(visitKey(modal))) return true;
  if (modal.frequency === 'once')
    return isVersionDismissed(parseCookies(document.cookie)[modalDismissalCookieName(modal.id)], modal.version);
  if (modal.frequency === 'session')
    return isVersionDismissed(readSessionStorage(modalSessionStorageKey(modal.id)), modal.version);
  return false;
}

function isTypingIn(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement)
    return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

function rememberDismissal(modal: ModalView) {
  dismissedThisVisit.add(visitKey(modal));
  if (modal.frequency === 'once') {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads; no secret in it
    document.cookie = serializeModalDismissalCookie(modal, window.location.protocol === 'https:');
  } else if (modal.frequency === 'session') {
    try {
      window.sessionStorage.setItem(modalSessionStorageKey(modal.id), String(modal.version));
    } catch {
      // see readSessionStorage
    }
  }
}

/**
 * Shows the first modal of the page that this browser has not dismissed, as a native modal <dialog>: focus moves
 * into it (to the dismiss button) and returns where it was, Escape closes it, the title labels it. Closing it in
 * any way (button, Escape, a link in it) counts as dismissing it: `once` for a year (cookie), `session` for the
 * browser session (sessionStorage), `always` until the next visit. Only with scripts: a notice is no reason to block
 * a page that has none.
 */
export function ModalHost({ modals }: { modals: readonly ModalView[] }) {
  const isHydrated = useHydrated();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const { pathname } = useLocation();
  const modal = isHydrated ? modals.find((candidate) => !isDismissed(candidate)) : undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!modal || !dialog || dialog.open) return;
    // never interrupt someone who is already typing (a login form filled before the page finished loading): the
    // modal waits for the next page
    if (isTypingIn(document.activeElement)) return;
    dialog.showModal();
    // the dialog's one action takes the focus (showModal alone would pick the first link of the text)
    dismissRef.current?.focus();
  }, [modal]);

  // a link inside the modal navigated: the dialog must not stay over the new page
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) dialogRef.current?.close();
    shownPath.current = pathname;
  }, [pathname]);

  if (!modal) return null;
  return (
    <dialog
      ref={dialogRef}
      key={visitKey(modal)}
      aria-labelledby={titleId}
      data-modal-id={modal.id}
      onClose={() => {
        rememberDismissal(modal);
        rerender();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-xl font-semibold">
          {modal.title}
        </h2>
        <RichTextView content={modal.content} headingOffset={1} />
        <form method="dialog" className="flex justify-end">
          <Button ref={dismissRef} type="submit" severity="primary">
            {modal.dismissLabel}
          </Button>
        </form>
      </div>
    </dialog>
  );
}
