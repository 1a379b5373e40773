import type { MenuEntry } from '@b2b/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useDrawer } from '~/components/ui/drawer.tsx';
import { HeaderIcon } from './header-icon.tsx';

/** The drawer and its entries load when first opened (issue 12: not part of the first load). */
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer.tsx'));

/**
 * The main menu below 768 px (spec §2 Menus, usable on a phone): a "Menu" button in the header opens a drawer, a
 * modal `<dialog>`, so focus moves into it and stays there (the page behind is inert), Escape closes it, and focus
 * returns to the button. Entries with children are nested disclosures, each opening with a "View all <entry>" link
 * (mobile-menu-drawer.tsx, loaded when the drawer first opens; it stays rendered, closed, afterwards).
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
  const drawer = useDrawer();
  const { setIsOpen } = drawer;
  const location = useLocation();
  const [wasOpened, setWasOpened] = useState(false);
  if (drawer.isOpen && !wasOpened) setWasOpened(true);

  // Turning a tablet to landscape (or widening a window) past 768 px shows the menu bar: the drawer closes.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${MENU_BAR_MIN_WIDTH_PX}px)`);
    const onChange = () => {
      if (wide.matches) setIsOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [setIsOpen]);

  // A navigation (a link in the drawer) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setIsOpen(false), [location.pathname, location.search]);

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
      {wasOpened ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer drawer={drawer} entries={entries} secondaryEntries={secondaryEntries} notice={notice} />
        </Suspense>
      ) : null}
    </>
  );
}
