import type { MenuEntry } from '@b2b/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { VIEW_ALL_LINK_CLASS } from './view-all-link.ts';

/**
 * A mega-menu panel's columns (main-menu.tsx, under the panel's "View all <entry>"): one per child, rendered once the
 * panel first opens.
 */
export default function MainMenuPanel({ entry }: { entry: MenuEntry }) {
  return (
    <ul className="grid grid-cols-3 gap-x-8 gap-y-4 lg:grid-cols-5">
      {entry.children.map((child) => (
        <MenuColumn key={child.id} entry={child} />
      ))}
    </ul>
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
