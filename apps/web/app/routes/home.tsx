import { SOLUTION_NAME } from '@b2b/contract/constants';
import { Link } from 'react-router';
import { ProductCard } from '~/components/product/product-card.tsx';
import { loadNewArrivals } from '~/features/search/product-listing.server.ts';
import { getAreaById, getSiteMenus } from '~/lib/area.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/home';

const NEW_ARRIVALS_COUNT = 8;

/** The front page (public): category tiles from the main menu and the newest arrivals. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = getSession(context);
  const [area, newArrivals] = await Promise.all([
    getAreaById(session.area.areaId).catch((error: unknown) => {
      console.error('[home] GetAreaById failed', error);
      return null;
    }),
    loadNewArrivals(context, NEW_ARRIVALS_COUNT),
  ]);
  return {
    // spec §2 Menus: the main menu holds the categories (and entries for logged-in users only when logged in)
    categories: getSiteMenus(area, session.isLoggedIn).main.map(({ id, name, url, extraInfo }) => ({
      id,
      name,
      url,
      extraInfo: extraInfo ?? null,
    })),
    newArrivals,
  };
}

export function meta() {
  return titleMeta(SOLUTION_NAME);
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  const { categories, newArrivals } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-bold">{SOLUTION_NAME}</h1>
      <p className="mt-2 text-neutral-700">
        Action sports gear for business customers: skate, snow, surf, bike and more.
      </p>

      {categories.length > 0 ? (
        <section aria-labelledby="categories-heading" className="mt-8">
          <h2 id="categories-heading" className="mb-4 text-xl font-semibold">
            Shop by category
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={category.url}
                  className="flex h-full min-h-24 flex-col justify-end rounded-lg bg-neutral-900 p-4 text-lg font-semibold text-white hover:bg-neutral-700"
                >
                  {category.name}
                  {category.extraInfo ? (
                    <span className="text-sm font-normal text-neutral-300">{category.extraInfo}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="new-arrivals-heading" className="mt-10">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 id="new-arrivals-heading" className="text-xl font-semibold">
            New arrivals
          </h2>
          <Link to="/search" className="text-sm text-accent-800 underline hover:text-accent-900">
            View all products
          </Link>
        </div>
        {newArrivals.length === 0 ? (
          <p className="text-neutral-600">No products yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {newArrivals.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
