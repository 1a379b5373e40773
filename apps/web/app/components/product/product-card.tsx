import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AddToCartForm } from '~/components/cart/add-to-cart-form.tsx';
import { toAddToCartVariants, variantChoiceNoun } from '~/components/cart/add-to-cart-variants.ts';
import { FavoriteToggle } from '~/components/favorite/favorite-toggle.tsx';
import type { FavoriteMarks } from '~/lib/favorites/favorite-marks.ts';
import { responsiveImageSources } from '~/lib/image-resize-params.ts';
import { CampaignLevels, DiscountSplashes } from './discount-splashes.tsx';
import { LoginForPricesLink } from './login-for-prices-link.tsx';
import { cardVariants, type ProductCardData } from './product-card-data.ts';
import { ProductPrice } from './product-price.tsx';
import { StockBadge } from './stock-badge.tsx';

/** The card's image box in CSS pixels; renderings of half and twice that are offered too, `imageSizes` picks. */
const CARD_IMAGE_SIZE = 400;

/**
 * One product in a listing. The name is the only link, so keyboard users tab once per product; the image is
 * described by its alt text rather than linked twice. Listings pass `imageLoading="eager"` for the first row, which is
 * on screen at once; the others load lazily as they scroll in. The picture follows the variant the buyer chooses to
 * add: its colour's picture where the product has one (issue 24).
 */
export function ProductCard({
  product,
  imageSizes,
  headingLevel = 3,
  imageLoading = 'lazy',
  favorites,
  favoriteFormId,
}: {
  product: ProductCardData;
  /** The image's `sizes`: how wide the grid holding the card shows it at each viewport width. */
  imageSizes: string;
  headingLevel?: 2 | 3;
  imageLoading?: 'eager' | 'lazy';
  /**
   * The heart's state (issue 26 §1; listings pass it for customers): it stands for the chosen variant, or the product
   * itself while none is chosen.
   */
  favorites?: FavoriteMarks | null | undefined;
  /** The page's `FavoriteToggleHostForm` the heart submits without JavaScript. */
  favoriteFormId?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const variants = useMemo(() => cardVariants(product), [product]);
  const choices = useMemo(() => toAddToCartVariants(variants), [variants]);
  // a single variant is the product's only choice; of several, none is chosen until the buyer does
  const [variantId, setVariantId] = useState(choices.length === 1 ? (choices[0]?.id ?? '') : '');
  const chosenColour = choices.find((choice) => choice.id === variantId)?.colour;
  const colourImageUrl = chosenColour ? product.colourImages?.[chosenColour] : undefined;
  const image = colourImageUrl ? { url: colourImageUrl, alt: `${product.name}, ${chosenColour}` } : product.image;
  const chosenLabel = choices.find((choice) => choice.id === variantId)?.label.replace(/ \(.*\)$/, '');
  return (
    <article className="product-card" data-testid="product-card">
      <div className="product-card-image relative">
        {favorites && product.price !== undefined ? (
          <FavoriteToggle
            productKey={{ productId: product.id, variantId: variantId || null, unitOfMeasure: product.unitOfMeasure }}
            name={chosenLabel ? `${product.name}, ${chosenLabel}` : product.name}
            marks={favorites}
            formId={favoriteFormId}
            className="absolute top-2 right-2 z-10"
          />
        ) : null}
        {product.splashes ? (
          <DiscountSplashes splashes={product.splashes} className="absolute top-2 left-2 z-10 max-w-[75%]" />
        ) : null}
        {image ? (
          <img
            {...responsiveImageSources(image.url, { width: CARD_IMAGE_SIZE, height: CARD_IMAGE_SIZE })}
            sizes={imageSizes}
            alt={image.alt}
            loading={imageLoading}
            // the first row is the listing's Largest Contentful Paint (issue 12): fetched ahead of the scripts
            fetchPriority={imageLoading === 'eager' ? 'high' : undefined}
            decoding="async"
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            className="size-full object-contain"
            data-testid="product-card-image"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-neutral-500">No image</div>
        )}
      </div>
      <Heading className="text-base font-semibold leading-snug">
        <Link to={product.url} className="hover:underline focus-visible:underline">
          {product.name}
        </Link>
      </Heading>
      <dl className="product-card-facts">
        <dt>Item no.</dt>
        <dd data-testid="item-number">{product.id}</dd>
        <dt>Brand</dt>
        <dd>{product.brand}</dd>
      </dl>
      <div className="mt-2">
        <StockBadge stockLevel={product.stockLevel} newStockDate={product.newStockDate} />
      </div>
      {product.campaigns ? <CampaignLevels campaigns={product.campaigns} className="mt-2" /> : null}
      <div className="mt-auto pt-3">
        {product.price === undefined ? (
          <LoginForPricesLink />
        ) : product.price === null ? (
          <p className="text-sm text-neutral-600">Price on request</p>
        ) : (
          <ProductPrice price={product.price} />
        )}
        {product.price !== undefined ? (
          <div className="mt-3">
            <AddToCartForm
              productId={product.id}
              productName={product.name}
              unitOfMeasure={product.unitOfMeasure}
              variants={choices}
              choiceNoun={variantChoiceNoun(variants)}
              variantId={variantId}
              onVariantChange={setVariantId}
              listedPrice={product.price}
              compact
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}
