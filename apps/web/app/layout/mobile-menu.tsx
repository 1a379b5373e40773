import type { MenuEntry } from '@b2b/contract';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HeaderIcon } from './header-icon.tsx';

/**
 * The main menu below 768 px (spec §2 Menus, usable on a phone): a "Menu" button in the header opens a drawer, a
 * modal `<dialog>`, so focus moves into it and stays there (the page behind is inert), Escape closes it, and focus
 * returns to the button. Entries with children are nested disclosures, each opening with a "View all <entry>" link.
 */
/** Tailwind's `md` breakpoint: from here the menu bar (main-menu.tsx) shows instead of the drawer. */
const MENU_BAR_MIN_WIDTH_PX = 768;

/**
 * `secondaryEntries` and `notice`: the top menu's entries (spec §2) and the top bar's text, which the one-line top bar
 * does not show (in full) on a phone; they follow the main entries.
 */
export function MobileMenu({
  entries,
  secondaryEntries,
  notice,
}: {
  entries: MenuEntry[];
  secondaryEntries: MenuEntry[];
  notice?: string | undefined;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const dialogId = useId();
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
    if (!isOpen) return;
    // The page behind must not scroll under the drawer.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, [isOpen]);

  // Turning a tablet to landscape (or widening a window) past 768 px shows the menu bar: the drawer closes.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${MENU_BAR_MIN_WIDTH_PX}px)`);
    const onChange = () => {
      if (wide.matches) setIsOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  // A navigation (a link in the drawer) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setIsOpen(false), [location.pathname, location.search]);

  if (entries.length === 0 && secondaryEntries.length === 0) return null;

  const onClose = () => {
    // Escape (the dialog's own cancel), the close button, the backdrop or a navigation: focus goes back.
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the backdrop lands on the dialog element itself, outside its panel.
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
        className="grid size-10 place-items-center rounded-md text-neutral-800 hover:bg-neutral-100 md:hidden"
      >
        <HeaderIcon name="menu" />
        <span className="sr-only">Menu</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is the pointer's Escape, which the dialog handles itself */}
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-labelledby={titleId}
        onClose={onClose}
        onClick={onDialogClick}
        className="m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none overflow-y-auto overscroll-contain bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-900/50"
      >
        <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold">
            Menu
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
        {entries.length > 0 ? (
          <nav aria-label="Main" className="px-2 py-2">
            <DrawerEntries entries={entries} />
          </nav>
        ) : null}
        {secondaryEntries.length > 0 ? (
          <nav aria-label="Top" className="border-t border-neutral-200 px-2 py-2">
            <ul>
              {secondaryEntries.map((entry) => (
                <li key={entry.id}>
                  <Link to={entry.url} className={`${DRAWER_LINK_CLASS} text-neutral-700`}>
                    {entry.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {notice ? <p className="border-t border-neutral-200 px-4 py-3 text-sm text-neutral-700">{notice}</p> : null}
      </dialog>
    </>
  );
}

/** A level of the drawer; below the top, the parent's "View all <parent>" link comes first. */
function DrawerEntries({ entries, parent }: { entries: MenuEntry[]; parent?: MenuEntry }) {
  return (
    <ul className={parent ? 'ml-2 border-l border-neutral-200 pl-2' : 'divide-y divide-neutral-100'}>
      {parent ? (
        <li>
          <Link to={parent.url} className={`${DRAWER_LINK_CLASS} font-semibold text-accent-700`}>
            View all {parent.name}
          </Link>
        </li>
      ) : null}
      {entries.map((entry) => (
        <DrawerEntry key={entry.id} entry={entry} isTopLevel={!parent} />
      ))}
    </ul>
  );
}

const DRAWER_LINK_CLASS = 'block rounded-md px-2 py-2.5 text-sm hover:bg-neutral-100';

function DrawerEntry({ entry, isTopLevel }: { entry: MenuEntry; isTopLevel: boolean }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const weight = isTopLevel ? 'font-semibold' : 'font-medium';
  if (entry.children.length === 0) {
    return (
      <li>
        <Link to={entry.url} className={`${DRAWER_LINK_CLASS} text-neutral-800 ${weight}`}>
          {entry.name}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        aria-expanded={isExpanded}
        aria-controls={listId}
        onClick={() => setIsExpanded(!isExpanded)}
        className={`flex w-full items-center justify-between rounded-md px-2 py-2.5 text-left text-sm text-neutral-900 hover:bg-neutral-100 ${weight}`}
      >
        {entry.name}
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className={`size-4 shrink-0 transition-transform ${isExpanded ? 'rotate-180' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6l4 4 4-4" />
        </svg>
      </button>
      <div id={listId} hidden={!isExpanded} className="pb-2">
        <DrawerEntries entries={entry.children} parent={entry} />
      </div>
    </li>
  );
}
