import type { MenuEntry } from '@b2b/contract';
import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';

/**
 * The top menu (spec §2): the area's top bar text and the secondary entries; requires-login ones are already filtered
 * out for anonymous visitors. Below 768 px it is one line of text: the entries move into the menu drawer
 * (mobile-menu.tsx), where a phone has room for them.
 */
export function TopMenu({ entries, text }: { entries: MenuEntry[]; text?: string | undefined }) {
  if (!text && entries.length === 0) return null;
  return (
    <div className={cn('bg-neutral-900 text-neutral-200', !text && 'max-md:hidden')}>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-x-6 px-4 py-1.5 text-xs">
        <p className="min-w-0 truncate md:whitespace-normal">{text}</p>
        {entries.length > 0 ? (
          <nav aria-label="Top" className="hidden md:block">
            <ul className="flex flex-wrap items-center gap-x-4">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <Link to={entry.url} className="inline-block rounded py-1 hover:text-white hover:underline">
                    {entry.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
