import type { MenuEntry } from '@b2b/contract';
import { type FocusEvent, type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DisclosureChevron } from './disclosure-chevron.tsx';

/** A panel's links load when a panel first opens (issue 12: not part of the first load, nor of the page's HTML). */
const loadPanel = () => import('./main-menu-panel.tsx');
const MainMenuPanel = lazy(loadPanel);

/**
 * The main menu on screens from 768 px (spec §2): entries with children are disclosure buttons opening a mega-menu
 * panel (a "View all <entry>" link, then one column per child; a child with children of its own lists them and ends
 * with its own "View all <child>"), other entries are links. Keyboard: Tab moves through the buttons and into an open
 * panel, Enter/Space opens, Escape closes and returns focus to the button, tabbing out closes. Below 768 px the
 * header's drawer (mobile-menu.tsx) holds the same entries. A panel's content (main-menu-panel.tsx) is rendered
 * once the panel was opened; a pointer over or the focus on a button fetches its module ahead.
 */
export function MainMenu({ entries }: { entries: MenuEntry[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  // the panels opened so far stay rendered (hidden when closed): reopening one is instant
  const [openedIds, setOpenedIds] = useState<ReadonlySet<string>>(new Set());
  if (openId && !openedIds.has(openId)) setOpenedIds(new Set(openedIds).add(openId));
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
                onPointerEnter={loadPanel}
                onFocus={loadPanel}
                className="flex items-center gap-1 rounded-md px-3 py-3 text-sm font-medium text-neutral-700 hover:text-accent-700 aria-expanded:text-accent-700"
              >
                {entry.name}
                <DisclosureChevron isOpen={isOpen} sizeClass="size-3.5" />
              </button>
              <div
                id={panelId}
                hidden={!isOpen}
                className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-10rem)] overflow-y-auto border-t border-b border-neutral-200 bg-white shadow-lg"
              >
                {openedIds.has(entry.id) ? (
                  <Suspense fallback={null}>
                    <MainMenuPanel entry={entry} />
                  </Suspense>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
