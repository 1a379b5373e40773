import { type ToggleEvent, useEffect, useId, useRef, useState } from 'react';
import { hidePopoverIfOpen, isPopoverOpen } from '~/components/ui/use-popover.ts';
import { useNavigationEffect } from '~/lib/use-navigation-effect.ts';
import { HeaderIcon } from './header-icon.tsx';
import { MENU_BAR_MIN_WIDTH_PX } from './mobile-menu.tsx';
import { SearchForm } from './search-form.tsx';

/**
 * The header search (issue 11, phone and keyboard): from 768 px the form sits in the header row; below, a search icon
 * button opens it as a full-width row under the header's icons, focused, and Escape, a press outside or a navigation
 * closes it again. That row is a native popover, the button its `popovertarget` (ADR 025): a press opens it before
 * the page's scripts have run. From 768 px the same element is laid out in the row, never opened.
 */
export function HeaderSearch() {
  const [isOpen, setIsOpen] = useState(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const regionId = useId();

  // Opened before the page hydrated (a press before its scripts ran): its toggle event came before React.
  useEffect(() => {
    if (isPopoverOpen(regionRef.current)) setIsOpen(true);
  }, []);

  // A search (or any navigation) closes the row: the results page is what the buyer wants to see then.
  useNavigationEffect(() => hidePopoverIfOpen(regionRef.current));

  // Widening the window past 768 px lays the form out in the header row again: the row opened below closes.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${MENU_BAR_MIN_WIDTH_PX}px)`);
    const onChange = () => {
      if (wide.matches) hidePopoverIfOpen(regionRef.current);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (isOpen) regionRef.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [isOpen]);

  return (
    <>
      <button
        type="button"
        popoverTarget={regionId}
        aria-expanded={isOpen}
        aria-controls={regionId}
        // ml-auto: on a phone the search button leads the icon group on the right
        className="ml-auto grid size-10 place-items-center rounded-md text-neutral-800 hover:bg-neutral-100 md:hidden"
      >
        <HeaderIcon name="search" />
        <span className="sr-only">Show search</span>
      </button>
      {/* Open (below 768 px): under the header's row of icons, the window's width (anchor positioning). From 768 px:
          the browser's popover styles are undone, and the form takes the row's free room. */}
      <div
        ref={regionRef}
        id={regionId}
        popover="auto"
        onToggle={(event: ToggleEvent) => setIsOpen(event.newState === 'open')}
        className="absolute inset-x-0 top-[anchor(--header-row_bottom)] bottom-auto m-0 w-auto overflow-visible border-0 border-b border-neutral-200 bg-white px-2 pb-2 text-neutral-900 shadow-md [position-anchor:--header-row] md:static md:block md:flex-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none"
      >
        <SearchForm />
      </div>
    </>
  );
}
