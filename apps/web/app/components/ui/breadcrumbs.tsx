import { Link } from 'react-router';

export type BreadcrumbItem = { name: string; url: string };

/** A breadcrumb trail (`nav` "Breadcrumb"); the last item is the current page and not a link. */
export function Breadcrumbs({ items, current }: { items: BreadcrumbItem[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-neutral-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item) => (
          <li key={item.url} className="flex items-center gap-1">
            <Link to={item.url} className="underline-offset-2 hover:underline focus-visible:underline">
              {item.name}
            </Link>
            <span aria-hidden="true">/</span>
          </li>
        ))}
        <li aria-current="page" className="font-medium text-neutral-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}
