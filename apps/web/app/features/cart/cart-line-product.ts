import type { CartLine } from '@b2b/contract/cart';
import type { ProductImage } from '~/lib/colour-images.ts';

/**
 * What a cart line shows of its product (the `product-cart` lookup template): link, picture, variant, and the most
 * its quantity box takes (the product's line limit, ADR 019).
 */
export type CartLineProduct = {
  url: string;
  /** The product's main picture. */
  image: ProductImage | null;
  /** Each colour's picture, where the product has one per colour (imagesByColour). */
  colourImages: Record<string, ProductImage>;
  variants: Array<{ id: string; size: string | null; colour: string | null }>;
  maxLineQuantity: number;
};

/**
 * The line's picture: its variant's colour's where the product has one, else the product's main picture (issue 24:
 * a line that says "Colour Yellow" shows the yellow one).
 */
export function lineImage(
  line: Pick<CartLine, 'productKey'>,
  product: CartLineProduct | undefined,
): ProductImage | null {
  if (!product) return null;
  const colour = product.variants.find((candidate) => candidate.id === line.productKey.variantId)?.colour;
  return (colour ? product.colourImages[colour] : undefined) ?? product.image;
}

/** The line's variant as a reader names it, e.g. "Size M · Colour Red"; '' for a product without variants. */
export function variantText(line: Pick<CartLine, 'productKey'>, product: CartLineProduct | undefined): string {
  const variant = product?.variants.find((candidate) => candidate.id === line.productKey.variantId);
  if (!variant) return '';
  return [variant.size ? `Size ${variant.size}` : '', variant.colour ? `Colour ${variant.colour}` : '']
    .filter(Boolean)
    .join(' · ');
}
