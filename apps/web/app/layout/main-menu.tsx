import type { MenuEntry } from '@b2b/contract';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

/**
 * The main menu (spec §2): categories as disclosure buttons opening a mega-menu panel with a "View all" entry,
 * other entries as links. Keyboard: Tab moves through, Enter/Space opens, Escape closes and returns focus.
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
    <nav ref={navRef} aria-label="Main" onKeyDown={onKeyDown} className="relative border-t border-neutral-200 bg-white">
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
                className="absolute inset-x-0 top-full z-40 border-t border-b border-neutral-200 bg-white shadow-lg"
              >
                <div className="mx-auto max-w-7xl px-4 py-6">
                  <Link
                    to={entry.url}
                    className="mb-4 inline-block text-sm font-semibold text-accent-700 underline-offset-4 hover:underline"
                  >
                    View all<span className="sr-only"> {entry.name}</span>
                  </Link>
                  <ul className="grid grid-cols-2 gap-x-8 gap-y-4 sm:grid-cols-3 lg:grid-cols-5">
                    {entry.children.map((child) => (
                      <li key={child.id}>
                        <Link to={child.url} className="text-sm font-semibold text-neutral-900 hover:text-accent-700">
                          {child.name}
                        </Link>
                        {child.children.length > 0 ? (
                          <ul className="mt-2 space-y-1">
                            {child.children.map((grandChild) => (
                              <li key={grandChild.id}>
                                <Link to={grandChild.url} className="text-sm text-neutral-600 hover:text-accent-700">
                                  {grandChild.name}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </li>
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
