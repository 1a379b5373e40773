import type { CartLine } from '@b2b/contract/cart';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { resizedImageSources } from '~/lib/image-resize-params.ts';
import { type CartLineProduct, lineImage, variantText } from './cart-line-product.ts';

/**
 * A cart line's product as the cart page and the mini-cart show it: the picture of the line's colour (resized route,
 * width and height set, so nothing shifts), the name linking to the product, the variant (size, colour) and the item
 * number.
 */
export function CartLineProductInfo({
  line,
  product,
  imageSize = 64,
  children,
}: {
  line: CartLine;
  product: CartLineProduct | undefined;
  imageSize?: number;
  children?: ReactNode;
}) {
  const variant = variantText(line, product);
  const image = lineImage(line, product);
  return (
    <div className="flex min-w-0 flex-1 gap-3">
      <div
        className="shrink-0 overflow-hidden rounded border border-neutral-200 bg-neutral-50"
        style={{ width: imageSize, height: imageSize }}
      >
        {image ? (
          <img
            {...resizedImageSources(image.url, { width: imageSize, height: imageSize })}
            alt=""
            width={imageSize}
            height={imageSize}
            loading="lazy"
            decoding="async"
            className="size-full object-contain"
            data-testid="cart-line-image"
          />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words" data-testid="cart-line-name">
          {product ? (
            <Link to={product.url} className="hover:underline focus-visible:underline">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </p>
        {variant ? (
          <p className="text-xs text-neutral-700" data-testid="cart-line-variant">
            {variant}
          </p>
        ) : null}
        <p className="text-xs text-neutral-600">Item no. {line.productKey.variantId ?? line.productKey.productId}</p>
        {children}
      </div>
    </div>
  );
}
