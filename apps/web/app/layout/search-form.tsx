import { Form, useLocation } from 'react-router';

/** GET /search?q=… from every page (spec §2 listing query `q`). */
export function SearchForm() {
  const location = useLocation();
  const current = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <Form method="get" action="/search" role="search" className="flex w-full max-w-xl items-stretch">
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        key={current}
        id="site-search"
        type="search"
        name="q"
        defaultValue={current}
        placeholder="Search products"
        autoComplete="off"
        className="min-w-0 flex-1 rounded-l-md border border-r-0 border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-500"
      />
      <button
        type="submit"
        className="rounded-r-md border border-accent-600 bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700"
      >
        Search
      </button>
    </Form>
  );
}
