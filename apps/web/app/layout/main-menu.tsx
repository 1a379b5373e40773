import type { MenuEntry } from '@b2b/contract';
import { type FocusEvent, lazy, Suspense, type ToggleEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { isPopoverOpen } from '~/components/ui/use-popover.ts';
import { cn } from '~/lib/cn.ts';
import { useNavigationEffect } from '~/lib/use-navigation-effect.ts';
import { DisclosureChevron } from './disclosure-chevron.tsx';
import { VIEW_ALL_LINK_CLASS } from './view-all-link.ts';

/** A panel's links load when a panel first opens (issue 12: not part of the first load, nor of the page's HTML). */
const loadPanel = () => import('./main-menu-panel.tsx');
const MainMenuPanel = lazy(loadPanel);

/**
 * The main menu on screens from 768 px (spec §2): entries with children are disclosure buttons opening a mega-menu
 * panel (a "View all <entry>" link, then one column per child; a child with children of its own lists them and ends
 * with its own "View all <child>"), other entries are links. Each panel is a native popover, its button its
 * `popovertarget` (ADR 025): a press opens it before any of the page's scripts have run, and the browser closes it on
 * Escape (the focus back on the button), on a press outside and when another panel opens. Keyboard: Tab moves through
 * the buttons and from an open panel's button into the panel, Enter/Space opens, tabbing out closes. Below 768 px the
 * header's drawer (mobile-menu.tsx) holds the same entries. A panel's "View all" link is in the page's HTML; its
 * columns (main-menu-panel.tsx) are rendered once the panel was opened; a pointer over or the focus on a button
 * fetches their module ahead.
 */
export function MainMenu({ entries }: { entries: MenuEntry[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  // the panels opened so far stay rendered (hidden when closed): reopening one is instant
  const [openedIds, setOpenedIds] = useState<ReadonlySet<string>>(new Set());
  if (openId && !openedIds.has(openId)) setOpenedIds(new Set(openedIds).add(openId));
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();

  // A panel opened before the page hydrated (a press before its scripts ran): its toggle event came before React.
  useEffect(() => {
    const open = openPanelIn(navRef.current);
    if (open) setOpenId(open.dataset.menuPanel ?? null);
  }, []);

  useNavigationEffect(() => closeOpenPanel(navRef.current));

  if (entries.length === 0) return null;

  const onPanelToggle = (id: string) => (event: ToggleEvent) => {
    // Opening a panel closes the one open before: its "closed" may come before or after this one's "open".
    if (event.newState === 'open') setOpenId(id);
    else setOpenId((current) => (current === id ? null : current));
  };

  const onItemBlur = (event: FocusEvent<HTMLLIElement>) => {
    // Tabbing out of an open item closes its panel.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) closeOpenPanel(event.currentTarget);
  };

  return (
    <nav
      ref={navRef}
      aria-label="Main"
      className="hidden border-t border-neutral-200 bg-white [anchor-name:--main-menu] md:block"
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
            <li key={entry.id} onBlur={onItemBlur}>
              <button
                type="button"
                popoverTarget={panelId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onPointerEnter={loadPanel}
                onFocus={loadPanel}
                className="flex items-center gap-1 rounded-md px-3 py-3 text-sm font-medium text-neutral-700 hover:text-accent-700 aria-expanded:text-accent-700"
              >
                {entry.name}
                <DisclosureChevron isOpen={isOpen} sizeClass="size-3.5" />
              </button>
              {/* Placed under the whole menu bar (anchor positioning), from the window's left edge to its right. */}
              <div
                id={panelId}
                popover="auto"
                data-menu-panel={entry.id}
                onToggle={onPanelToggle(entry.id)}
                className="absolute inset-x-0 top-[anchor(--main-menu_bottom)] bottom-auto m-0 max-h-[calc(100dvh-10rem)] w-auto overflow-y-auto border-0 border-t border-b border-neutral-200 bg-white p-0 text-neutral-900 shadow-lg"
              >
                <div className="mx-auto max-w-7xl px-4 py-6">
                  <Link to={entry.url} className={cn('mb-4 inline-block', VIEW_ALL_LINK_CLASS)}>
                    View all {entry.name}
                  </Link>
                  {openedIds.has(entry.id) ? (
                    <Suspense fallback={null}>
                      <MainMenuPanel entry={entry} />
                    </Suspense>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The open panel within `container`, if any. */
function openPanelIn(container: HTMLElement | null): HTMLElement | undefined {
  return [...(container?.querySelectorAll<HTMLElement>('[data-menu-panel]') ?? [])].find(isPopoverOpen);
}

/** Closes the open panel within `container`, if any; the focus stays where it is. */
function closeOpenPanel(container: HTMLElement | null): void {
  openPanelIn(container)?.hidePopover();
}
