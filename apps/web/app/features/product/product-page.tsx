import { useCallback, useMemo } from 'react';
import { FavoriteToggleHostForm } from '~/components/favorite/favorite-toggle.tsx';
import { CampaignLevels, DiscountSplashes } from '~/components/product/discount-splashes.tsx';
import { LoginForPricesLink } from '~/components/product/login-for-prices-link.tsx';
import { ProductPrice } from '~/components/product/product-price.tsx';
import { StockBadge } from '~/components/product/stock-badge.tsx';
import { Breadcrumbs } from '~/components/ui/breadcrumbs.tsx';
import { useSession } from '~/lib/use-session.ts';
import { ImageGallery } from './image-gallery.tsx';
import type { ProductPageData } from './product-page-data.ts';
import { SpecificationsTable } from './specifications-table.tsx';
import { useVariantOrder } from './use-variant-order.ts';
import { buildVariantMatrix, type MatrixCell } from './variant-matrix.ts';
import { FAVORITE_HOST_FORM_ID, StickyOrderBar, VariantMatrixOrder } from './variant-matrix-view.tsx';

/** Paragraphs of a plain-text description (blank lines separate them). */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 text-neutral-800" data-testid="product-description">
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/**
 * The product page (spec §2): breadcrumb from the category, images, name, item number, stock, price for logged-in
 * users only (excluding VAT, in the customer's currency), description, the order matrix of its variants (issue 11)
 * and specifications. On phones the matrix's "Add to cart" is a bar kept at the bottom of the screen once the buyer has
 * reached the matrix or typed a quantity.
 */
export function ProductPage({ data }: { data: ProductPageData }) {
  const { product, price, variantPrices } = data;
  const session = useSession();
  const canOrder = session.actsForCustomer;
  const matrix = useMemo(() => buildVariantMatrix(product, product.variants), [product]);
  const priceOf = useCallback(
    (cell: MatrixCell) => (cell.variantId ? variantPrices?.[cell.variantId] : undefined) ?? price ?? null,
    [variantPrices, price],
  );
  const order = useVariantOrder({
    productId: product.id,
    productName: product.name,
    unitOfMeasure: product.unitOfMeasure,
    maxLineQuantity: product.maxLineQuantity,
    matrix,
    priceOf,
  });
  return (
    <div>
      <Breadcrumbs items={[{ name: 'Home', url: '/' }, ...product.categories]} current={product.name} />
      {/* Phones: one column in the source's order. From md the image has a column of its own beside the name, price
          and description, the order below both; from lg (issue 24) the order moves up beside the image too, so the
          matrix and its Add to cart are on the first screen, and the description follows it. The description holds
          nothing focusable, so moving it does not change the Tab order. */}
      <div className="grid gap-y-6 md:grid-cols-2 md:grid-rows-[auto_1fr] md:gap-x-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_auto_1fr]">
        <div className="md:col-start-1 md:row-span-2 md:row-start-1 lg:row-span-3">
          <ImageGallery media={product.media} productName={product.name} />
        </div>
        <div className="flex flex-col gap-4 md:col-start-2 md:row-start-1">
          <div>
            <p className="text-sm font-medium uppercase tracking-wide text-neutral-600">
              {product.specifications.brand}
            </p>
            <h1 className="text-3xl font-bold">{product.name}</h1>
            <p className="mt-1 text-sm text-neutral-600">
              Item no. <span data-testid="item-number">{product.id}</span>
            </p>
          </div>
          <DiscountSplashes splashes={data.splashes} />
          <StockBadge stockLevel={product.stockLevel} newStockDate={product.newStockDate} showQuantity />
          {data.campaigns ? <CampaignLevels campaigns={data.campaigns} /> : null}
          <div>
            {price === undefined ? (
              <LoginForPricesLink />
            ) : price === null ? (
              <p className="text-neutral-600">Price on request</p>
            ) : (
              <ProductPrice price={price} size="lg" />
            )}
          </div>
        </div>
        <div className="md:col-start-2 md:row-start-2 lg:row-start-3">
          <Description text={product.description} />
        </div>
        <section
          aria-labelledby="order-heading"
          className="mt-4 md:col-span-2 md:row-start-3 lg:col-span-1 lg:col-start-2 lg:row-start-2 lg:mt-0"
        >
          <h2 id="order-heading" className="mb-3 text-xl font-semibold">
            {product.variants.length > 0 ? 'Variants' : 'Order'}
          </h2>
          <VariantMatrixOrder
            matrix={matrix}
            order={order}
            productName={product.name}
            priceOf={priceOf}
            canOrder={canOrder}
            favorites={canOrder ? (data.favorites ?? null) : null}
            productId={product.id}
            unitOfMeasure={product.unitOfMeasure}
          />
          {canOrder && data.favorites ? <FavoriteToggleHostForm id={FAVORITE_HOST_FORM_ID} /> : null}
        </section>
      </div>

      <section aria-labelledby="specifications-heading" className="mt-10">
        <h2 id="specifications-heading" className="mb-3 text-xl font-semibold">
          Specifications
        </h2>
        <SpecificationsTable specifications={product.specifications} />
      </section>

      {product.documents.length > 0 ? (
        <section aria-labelledby="downloads-heading" className="mt-10">
          <h2 id="downloads-heading" className="mb-3 text-xl font-semibold">
            Downloads
          </h2>
          <ul className="space-y-2">
            {product.documents.map((document) => (
              <li key={document.url}>
                <a
                  href={document.url}
                  download
                  className="inline-flex items-center gap-2 rounded-md border border-neutral-300 px-3 py-2 text-sm font-medium text-accent-800 hover:bg-neutral-50 hover:underline"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 16 16"
                    className="size-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                  >
                    <path d="M8 2v8m0 0l-3-3m3 3l3-3M3 13h10" />
                  </svg>
                  {document.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {canOrder ? <StickyOrderBar order={order} /> : null}
    </div>
  );
}
