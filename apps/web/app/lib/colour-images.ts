/** A product's picture as cards and cart lines show it. */
export type ProductImage = { url: string; alt: string };

type Media = { type: string; url: string; alt: string };

/** The last comma-separated part of an alt text, the colour in "<name>, <colour>". */
function colourPartOf(alt: string): string {
  return (alt.split(',').at(-1) ?? '').trim().toLowerCase();
}

/**
 * Each colour's picture of a product, by colour. The catalogue keeps one view per colour in `media`: its alt text names
 * the colour ("<name>, <colour>") and the views follow the colours in the variants' order, the main image first
 * (packages/db/src/seed/generate-product.ts). Colours are found by the alt texts; where no alt text names a colour,
 * by position, when there are exactly as many images as colours. A colour found neither way is left out, and the
 * product's main image stands for it. A product with fewer than two images has nothing to tell apart: empty.
 */
export function imagesByColour(
  media: readonly Media[],
  variants: readonly { colour: string | null }[],
): Record<string, ProductImage> {
  const images = media.filter((item) => item.type === 'image');
  if (images.length < 2) return {};
  const colours = [...new Set(variants.map((variant) => variant.colour).filter((colour) => colour !== null))];
  const named = colours.map((colour) =>
    images.find((candidate) => colourPartOf(candidate.alt) === colour.toLowerCase()),
  );
  const hasNamedColours = named.some((image) => image !== undefined);
  const byColour: Record<string, ProductImage> = {};
  colours.forEach((colour, index) => {
    const image = hasNamedColours ? named[index] : images.length === colours.length ? images[index] : undefined;
    if (image) byColour[colour] = { url: image.url, alt: image.alt };
  });
  return byColour;
}
