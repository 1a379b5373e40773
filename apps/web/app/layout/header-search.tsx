import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { cn } from '~/lib/cn.ts';
import { HeaderIcon } from './header-icon.tsx';
import { SearchForm } from './search-form.tsx';

/**
 * The header search (issue 11, phone and keyboard): from 768 px the form sits in the header row; below, a search icon
 * button opens it as a full-width row under the header's icons, focused, and Escape or a navigation closes it again.
 */
export function HeaderSearch() {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const regionId = useId();
  const location = useLocation();

  // A search (or any navigation) closes the row: the results page is what the buyer wants to see then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setIsOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (isOpen) regionRef.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !isOpen || event.defaultPrevented) return;
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={regionId}
        onClick={() => setIsOpen((open) => !open)}
        // ml-auto: on a phone the search button leads the icon group on the right
        className="ml-auto grid size-10 place-items-center rounded-md text-neutral-800 hover:bg-neutral-100 md:hidden"
      >
        <HeaderIcon name="search" />
        <span className="sr-only">Show search</span>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the opened search row closes it */}
      <div
        ref={regionRef}
        id={regionId}
        onKeyDown={onKeyDown}
        className={cn(isOpen ? 'order-last w-full' : 'hidden', 'md:order-none md:block md:w-auto md:flex-1')}
      >
        <SearchForm />
      </div>
    </>
  );
}
