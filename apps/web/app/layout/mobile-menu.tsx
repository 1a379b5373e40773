import type { MenuEntry } from '@b2b/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Drawer, useDrawer } from '~/components/ui/drawer.tsx';
import { useNavigationEffect } from '~/lib/use-navigation-effect.ts';
import { HeaderIcon } from './header-icon.tsx';

/** The drawer and its entries load when first opened (issue 12: not part of the first load). */
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer.tsx'));

/**
 * The main menu below 768 px (spec §2 Menus, usable on a phone): a "Menu" button in the header opens a drawer, a
 * modal `<dialog>`, so focus moves into it and stays there (the page behind is inert), Escape closes it, and focus
 * returns to the button. The dialog is in the page's HTML and the button opens it natively (ADR 025): a press before
 * the page's scripts have run opens it, saying the menu is on its way. Its entries (mobile-menu-drawer.tsx) load
 * when it first opens and stay rendered afterwards: entries with children are nested disclosures, each opening with
 * a "View all <entry>" link.
 */
/** Until the entries' code is in (opened before the page's scripts ran, or on a slow line). */
const MENU_LOADING = (
  <p role="status" className="px-4 py-3 text-sm text-neutral-700">
    Loading the menu…
  </p>
);

/** Tailwind's `md` breakpoint: from here the menu bar (main-menu.tsx) shows instead of the drawer. */
export const MENU_BAR_MIN_WIDTH_PX = 768;

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
  const drawer = useDrawer();
  const { dismiss } = drawer;
  const [wasOpened, setWasOpened] = useState(false);
  if (drawer.isOpen && !wasOpened) setWasOpened(true);

  // Turning a tablet to landscape (or widening a window) past 768 px shows the menu bar: the drawer closes.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${MENU_BAR_MIN_WIDTH_PX}px)`);
    const onChange = () => {
      if (wide.matches) dismiss();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [dismiss]);

  // A navigation (a link in the drawer) closes it.
  useNavigationEffect(dismiss);

  if (entries.length === 0 && secondaryEntries.length === 0) return null;

  return (
    <>
      <button
        {...drawer.buttonProps}
        className="grid size-10 place-items-center rounded-md text-neutral-800 hover:bg-neutral-100 md:hidden"
      >
        <HeaderIcon name="menu" />
        <span className="sr-only">Menu</span>
      </button>
      <Drawer drawer={drawer} title="Menu" className="w-[min(22rem,88vw)] overflow-y-auto overscroll-contain">
        <Suspense fallback={MENU_LOADING}>
          {wasOpened ? (
            <MobileMenuDrawer entries={entries} secondaryEntries={secondaryEntries} notice={notice} />
          ) : (
            MENU_LOADING
          )}
        </Suspense>
      </Drawer>
    </>
  );
}
