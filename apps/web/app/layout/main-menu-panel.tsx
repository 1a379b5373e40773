import type { MenuEntry } from '@b2b/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';

const VIEW_ALL_LINK_CLASS = 'text-sm font-semibold text-accent-700 underline-offset-4 hover:underline';

/** A mega-menu panel's content (main-menu.tsx): "View all <entry>", then one column per child. */
export default function MainMenuPanel({ entry }: { entry: MenuEntry }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Link to={entry.url} className={cn('mb-4 inline-block', VIEW_ALL_LINK_CLASS)}>
        View all {entry.name}
      </Link>
      <ul className="grid grid-cols-3 gap-x-8 gap-y-4 lg:grid-cols-5">
        {entry.children.map((child) => (
          <MenuColumn key={child.id} entry={child} />
        ))}
      </ul>
    </div>
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
