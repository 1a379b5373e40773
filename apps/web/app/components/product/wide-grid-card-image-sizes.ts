/**
 * The product card's `imageSizes` in a grid of the page's width (the main's, at most 80 rem): two columns, four from
 * `lg`, 1 rem apart, less the card's padding. The front page's new arrivals and a missing product's alternatives.
 * Not in product-card.tsx, which the listing's first load carries: the listing does not need them.
 */
export const WIDE_GRID_CARD_IMAGE_SIZES =
  '(min-width: 80rem) 17.25rem, (min-width: 64rem) calc(25vw - 2.75rem), calc(50vw - 3rem)';
