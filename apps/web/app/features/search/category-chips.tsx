import { Link } from 'react-router';

/** Categories as a wrapping row of pill links: the subcategories above a listing, the nearest ones on no result. */
export function CategoryChips({
  categories,
}: {
  categories: ReadonlyArray<{ id: string; name: string; url: string }>;
}) {
  return (
    <ul className="flex flex-wrap gap-2">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={category.url}
            className="inline-block rounded-full border border-neutral-300 px-3 py-1 text-sm hover:bg-neutral-100"
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
