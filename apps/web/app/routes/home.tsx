import { SOLUTION_NAME } from '@b2b/contract/constants';
import { Link } from 'react-router';
import { ProductCard } from '~/components/product/product-card.tsx';
import { WIDE_GRID_CARD_IMAGE_SIZES } from '~/components/product/wide-grid-card-image-sizes.ts';
import { sendContentForm } from '~/features/content/content-form.server.ts';
import { toContentPageView } from '~/features/content/content-page.server.ts';
import { ContentPage } from '~/features/content/content-page.tsx';
import { findHomePage } from '~/features/content/home-page.server.ts';
import { loadNewArrivals } from '~/features/search/product-listing.server.ts';
import { getAreaById, getCategoryMenu } from '~/lib/area.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { offerToAnonymousVisitors } from '~/lib/page-cache.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/home';

const NEW_ARRIVALS_COUNT = 8;

/**
 * The front page (public): the content page `/`. A shop without one (the API answers 404) still gets a front page:
 * the main menu's categories and the newest arrivals.
 */
export async function loader({ context }: Route.LoaderArgs) {
  offerToAnonymousVisitors(context);
  const page = await findHomePage(context);
  if (page) return { kind: 'page' as const, page: await toContentPageView(context, page) };

  const session = getSession(context);
  const [area, newArrivals] = await Promise.all([
    getAreaById(session.area.areaId).catch((error: unknown) => {
      console.error('[home] GetAreaById failed', error);
      return null;
    }),
    loadNewArrivals(context, NEW_ARRIVALS_COUNT),
  ]);
  return {
    kind: 'fallback' as const,
    categories: getCategoryMenu(area).map(({ id, name, url }) => ({ id, name, url })),
    newArrivals,
  };
}

/** Forms on the front page post here (see catch-all.tsx). */
export async function action(args: Route.ActionArgs) {
  return sendContentForm(args, await findHomePage(args.context));
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (loaderData?.kind !== 'page') return titleMeta(SOLUTION_NAME);
  return [...titleMeta(loaderData.page.title), { name: 'description', content: loaderData.page.description }];
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'page') return <ContentPage page={loaderData.page} />;
  const { categories, newArrivals } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-bold">{SOLUTION_NAME}</h1>
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
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="new-arrivals-heading" className="mt-10">
        <h2 id="new-arrivals-heading" className="mb-4 text-xl font-semibold">
          New arrivals
        </h2>
        {newArrivals.length === 0 ? (
          <p className="text-neutral-600">No products yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {newArrivals.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} imageSizes={WIDE_GRID_CARD_IMAGE_SIZES} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
