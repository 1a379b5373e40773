import type { MenuEntry } from '@b2b/contract';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

const VIEW_ALL_LINK_CLASS = 'text-sm font-semibold text-accent-700 underline-offset-4 hover:underline';

/**
 * The main menu on screens from 768 px (spec §2): entries with children are disclosure buttons opening a mega-menu
 * panel (a "View all <entry>" link, then one column per child; a child with children of its own lists them and ends
 * with its own "View all <child>"), other entries are links. Keyboard: Tab moves through the buttons and into an open
 * panel, Enter/Space opens, Escape closes and returns focus to the button, tabbing out closes. Below 768 px the
 * header's drawer (mobile-menu.tsx) holds the same entries.
 */
export function MainMenu({ entries }: { entries: MenuEntry[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();

  // A navigation closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setOpenId(null), [location.pathname, location.search]);

  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  if (entries.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !openId) return;
    event.preventDefault();
    const button = navRef.current?.querySelector<HTMLButtonElement>(`[data-menu-button="${CSS.escape(openId)}"]`);
    setOpenId(null);
    button?.focus();
  };

  const onItemBlur = (id: string) => (event: FocusEvent<HTMLLIElement>) => {
    // Tabbing out of an open item closes its panel.
    if (openId === id && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
  };

  return (
    <nav
      ref={navRef}
      aria-label="Main"
      onKeyDown={onKeyDown}
      className="relative hidden border-t border-neutral-200 bg-white md:block"
    >
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4">
        {entries.map((entry) => {
          const panelId = `${baseId}-${entry.id}`;
          const isOpen = openId === entry.id;
          if (entry.children.length === 0) {
            return (
              <li key={entry.id}>
                <NavLink
                  to={entry.url}
                  className="block rounded-md px-3 py-3 text-sm font-medium text-neutral-700 hover:text-accent-700 aria-[current=page]:text-accent-700"
                >
                  {entry.name}
                </NavLink>
              </li>
            );
          }
          return (
            <li key={entry.id} onBlur={onItemBlur(entry.id)}>
              <button
                type="button"
                data-menu-button={entry.id}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenId(isOpen ? null : entry.id)}
                className="flex items-center gap-1 rounded-md px-3 py-3 text-sm font-medium text-neutral-700 hover:text-accent-700 aria-expanded:text-accent-700"
              >
                {entry.name}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 16 16"
                  className={`size-3.5 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M4 6l4 4 4-4" />
                </svg>
              </button>
              <div
                id={panelId}
                hidden={!isOpen}
                className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-10rem)] overflow-y-auto border-t border-b border-neutral-200 bg-white shadow-lg"
              >
                <div className="mx-auto max-w-7xl px-4 py-6">
                  <Link to={entry.url} className={`mb-4 inline-block ${VIEW_ALL_LINK_CLASS}`}>
                    View all {entry.name}
                  </Link>
                  <ul className="grid grid-cols-3 gap-x-8 gap-y-4 lg:grid-cols-5">
                    {entry.children.map((child) => (
                      <MenuColumn key={child.id} entry={child} />
                    ))}
                  </ul>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** One column of a panel: a link, or, for a child with children, its name over its children and its "View all". */
function MenuColumn({ entry }: { entry: MenuEntry }) {
  const headingId = useId();
  if (entry.children.length === 0) {
    return (
      <li>
        <Link to={entry.url} className="text-sm font-semibold text-neutral-900 hover:text-accent-700">
          {entry.name}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <p id={headingId} className="text-sm font-semibold text-neutral-900">
        {entry.name}
      </p>
      <ul aria-labelledby={headingId} className="mt-2 space-y-1">
        {entry.children.map((child) => (
          <li key={child.id}>
            <Link to={child.url} className="text-sm text-neutral-600 hover:text-accent-700">
              {child.name}
            </Link>
          </li>
        ))}
        <li>
          <Link to={entry.url} className={VIEW_ALL_LINK_CLASS}>
            View all {entry.name}
          </Link>
        </li>
      </ul>
    </li>
  );
}
