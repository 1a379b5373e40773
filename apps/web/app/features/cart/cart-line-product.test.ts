import { describe, expect, it } from 'vitest';
import { type CartLineProduct, lineImage, variantText } from './cart-line-product.ts';

const helmet: CartLineProduct = {
  url: '/p/helmet',
  maxLineQuantity: 200,
  image: { url: '/red', alt: 'Helmet, Red' },
  colourImages: { Red: { url: '/red', alt: 'Helmet, Red' }, Yellow: { url: '/yellow', alt: 'Helmet, Yellow' } },
  variants: [
    { id: 'H-01', size: 'S', colour: 'Red' },
    { id: 'H-02', size: 'M', colour: 'Yellow' },
    { id: 'H-03', size: 'L', colour: 'Navy' },
  ],
};
const lineOf = (variantId: string | null) => ({
  productKey: { productId: 'H', variantId, unitOfMeasure: 'STK' },
});

describe('a cart line of a product with a picture per colour', () => {
  it("shows its variant's colour, named and pictured alike", () => {
    expect(variantText(lineOf('H-02'), helmet)).toBe('Size M · Colour Yellow');
    expect(lineImage(lineOf('H-02'), helmet)).toEqual({ url: '/yellow', alt: 'Helmet, Yellow' });
    expect(lineImage(lineOf('H-01'), helmet)?.url).toBe('/red');
  });

  it("falls back to the product's main picture for a colour without one, an unknown variant or none", () => {
    expect(lineImage(lineOf('H-03'), helmet)?.url).toBe('/red');
    expect(lineImage(lineOf('H-99'), helmet)?.url).toBe('/red');
    expect(lineImage(lineOf(null), helmet)?.url).toBe('/red');
    expect(lineImage(lineOf('H-01'), undefined)).toBeNull();
  });
});
