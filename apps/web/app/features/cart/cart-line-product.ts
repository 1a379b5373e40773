import type { CartLine } from '@b2b/contract/cart';

/**
 * What a cart line shows of its product (the `product-cart` lookup template): link, picture, variant, and the most
 * its quantity box takes (the product's line limit, ADR 019).
 */
export type CartLineProduct = {
  url: string;
  image: { url: string; alt: string } | null;
  variants: Array<{ id: string; size: string | null; colour: string | null }>;
  maxLineQuantity: number;
};

/** The line's variant as a reader names it, e.g. "Size M · Colour Red"; '' for a product without variants. */
export function variantText(line: Pick<CartLine, 'productKey'>, product: CartLineProduct | undefined): string {
  const variant = product?.variants.find((candidate) => candidate.id === line.productKey.variantId);
  if (!variant) return '';
  return [variant.size ? `Size ${variant.size}` : '', variant.colour ? `Colour ${variant.colour}` : '']
    .filter(Boolean)
    .join(' · ');
}
