import type { AddToCartVariant } from './add-to-cart-form.tsx';

type VariantLike = { id: string; size?: string | null; colour?: string | null; stockLevel: number };

function distinctValues(values: readonly (string | null | undefined)[]): Set<string> {
  return new Set(values.filter((value): value is string => Boolean(value)));
}

/**
 * Options of the variant choice, named by what tells them apart: "M · Black", "M" when every variant is black, "Black"
 * when they differ only in colour; out of stock ones say so and stay orderable (backorder). Stock counts are not in the
 * name, so it fits a card's narrow select (issue 24): the card shows the chosen variant's stock under it.
 */
export function toAddToCartVariants(variants: readonly VariantLike[]): AddToCartVariant[] {
  const sizeCount = distinctValues(variants.map((variant) => variant.size)).size;
  const colourCount = distinctValues(variants.map((variant) => variant.colour)).size;
  const namesSize = sizeCount > 1 || colourCount <= 1;
  const namesColour = colourCount > 1 || sizeCount <= 1;
  return variants.map((variant) => {
    const name =
      [namesSize ? variant.size : null, namesColour ? variant.colour : null].filter(Boolean).join(' · ') || variant.id;
    const isInStock = variant.stockLevel > 0;
    return {
      id: variant.id,
      label: isInStock ? name : `${name} (out of stock)`,
      colour: variant.colour ?? null,
      stockLevel: variant.stockLevel,
    };
  });
}

/**
 * What the buyer is asked to choose, by what the variants differ in: "size/colour", "size", "colour", or "variant"
 * when neither tells them apart.
 */
export function variantChoiceNoun(variants: readonly VariantLike[]): string {
  const differsInSize = distinctValues(variants.map((variant) => variant.size)).size > 1;
  const differsInColour = distinctValues(variants.map((variant) => variant.colour)).size > 1;
  if (differsInSize && differsInColour) return 'size/colour';
  if (differsInSize) return 'size';
  if (differsInColour) return 'colour';
  return 'variant';
}
