import { Link } from 'react-router';
import { ProductCard } from '~/components/product/product-card.tsx';
import { WIDE_GRID_CARD_IMAGE_SIZES } from '~/components/product/wide-grid-card-image-sizes.ts';
import { formatDate } from '~/lib/format.ts';
import type { UnavailableProductView } from './unavailable-product-data.ts';

const REASONS: Record<UnavailableProductView['reason'], (product: UnavailableProductView) => string> = {
  discontinued: (product) =>
    product.discontinuedAt
      ? `It was discontinued on ${formatDate(product.discontinuedAt)} and is not sold any more.`
      : 'It has been discontinued and is not sold any more.',
};

/** The "product not available" page (spec §2): why, where its category is, and products to buy instead. */
export function UnavailableProductPage({ product }: { product: UnavailableProductView }) {
  return (
    <article data-testid="unavailable-product">
      <h1 className="text-3xl font-bold">{product.name} is no longer available</h1>
      <p className="mt-3 text-neutral-700">{REASONS[product.reason](product)}</p>
      <p className="mt-1 text-sm text-neutral-600">Item no. {product.id}</p>
      {product.category ? (
        <p className="mt-4">
          <Link to={product.category.url} className="text-accent-800 underline hover:text-accent-900">
            See all products in {product.category.name}
          </Link>
        </p>
      ) : null}
      {product.alternatives.length > 0 ? (
        <section aria-labelledby="alternatives-heading" className="mt-10">
          <h2 id="alternatives-heading" className="mb-4 text-2xl font-semibold">
            Alternatives
          </h2>
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {product.alternatives.map((alternative) => (
              <li key={alternative.id}>
                <ProductCard product={alternative} imageSizes={WIDE_GRID_CARD_IMAGE_SIZES} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
