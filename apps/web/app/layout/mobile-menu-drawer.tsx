import type { MenuEntry } from '@b2b/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';
import { DisclosureChevron } from './disclosure-chevron.tsx';

/** The phone's menu drawer's content (mobile-menu.tsx): the main entries, then the top menu's and the top bar's text. */
export default function MobileMenuDrawer({
  entries,
  secondaryEntries,
  notice,
}: {
  entries: MenuEntry[];
  secondaryEntries: MenuEntry[];
  notice?: string | undefined;
}) {
  return (
    <>
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
                <Link to={entry.url} className={cn(DRAWER_LINK_CLASS, 'text-neutral-700')}>
                  {entry.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {notice ? <p className="border-t border-neutral-200 px-4 py-3 text-sm text-neutral-700">{notice}</p> : null}
    </>
  );
}

/** A level of the drawer; below the top, the parent's "View all <parent>" link comes first. */
function DrawerEntries({ entries, parent }: { entries: MenuEntry[]; parent?: MenuEntry }) {
  return (
    <ul className={parent ? 'ml-2 border-l border-neutral-200 pl-2' : 'divide-y divide-neutral-100'}>
      {parent ? (
        <li>
          <Link to={parent.url} className={cn(DRAWER_LINK_CLASS, 'font-semibold text-accent-700')}>
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
        <Link to={entry.url} className={cn(DRAWER_LINK_CLASS, 'text-neutral-800', weight)}>
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
        className={cn(
          'flex w-full items-center justify-between rounded-md px-2 py-2.5 text-left text-sm text-neutral-900 hover:bg-neutral-100',
          weight,
        )}
      >
        {entry.name}
        <DisclosureChevron isOpen={isExpanded} sizeClass="size-4" />
      </button>
      <div id={listId} hidden={!isExpanded} className="pb-2">
        <DrawerEntries entries={entry.children} parent={entry} />
      </div>
    </li>
  );
}
