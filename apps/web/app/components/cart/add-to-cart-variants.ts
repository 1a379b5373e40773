import type { AddToCartVariant } from './add-to-cart-form.tsx';

type VariantLike = { id: string; size?: string | null; colour?: string | null; stockLevel: number };

/** Options of the variant choice: "M · Black (12 in stock)"; variants out of stock stay orderable (backorder). */
export function toAddToCartVariants(variants: readonly VariantLike[]): AddToCartVariant[] {
  return variants.map((variant) => {
    const name = [variant.size, variant.colour].filter(Boolean).join(' · ') || variant.id;
    const stock = variant.stockLevel > 0 ? `${variant.stockLevel} in stock` : 'out of stock';
    return { id: variant.id, label: `${name} (${stock})`, isInStock: variant.stockLevel > 0 };
  });
}
