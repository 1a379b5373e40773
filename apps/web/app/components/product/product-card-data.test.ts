import { describe, expect, it } from 'vitest';
import { priceKey } from '~/lib/prices/price-view.ts';
import { cardVariants, toProductCardData } from './product-card-data.ts';

const product = {
  id: '10042',
  name: 'Helmet Pro',
  url: '/p/helmet-pro-10042',
  specifications: { brand: 'Northline' },
  stockLevel: 12,
  newStockDate: null,
  unitOfMeasure: 'STK',
  variants: [
    { id: '10042-01', size: 'M', colour: 'Red', stockLevel: 5 },
    { id: '10042-02', size: 'L', colour: 'Yellow', stockLevel: 0 },
  ],
  media: [
    { type: 'image', url: '/images/raw/red', alt: 'Helmet Pro, Red' },
    { type: 'image', url: '/images/raw/yellow', alt: 'Helmet Pro, Yellow' },
  ],
} as unknown as Parameters<typeof toProductCardData>[0];

describe('toProductCardData', () => {
  it('gives an anonymous visitor the card without price, variants or colour pictures', () => {
    const card = toProductCardData(product, null);
    expect(card).toEqual({
      id: '10042',
      name: 'Helmet Pro',
      url: '/p/helmet-pro-10042',
      brand: 'Northline',
      stockLevel: 12,
      newStockDate: null,
      unitOfMeasure: 'STK',
      image: { url: '/images/raw/red', alt: 'Helmet Pro, Red' },
    });
  });

  it('gives a logged-in buyer the price, the variants and each colour picture by its URL alone', () => {
    const price = { netPrice: 42.95, beforePrice: null, currencyCode: 'EUR' };
    const card = toProductCardData(product, { [priceKey('10042')]: price });
    expect(card.price).toEqual(price);
    expect(card.colourImages).toEqual({ Red: '/images/raw/red', Yellow: '/images/raw/yellow' });
    expect(cardVariants(card)).toEqual([
      { id: '10042-01', size: 'M', colour: 'Red', stockLevel: 5 },
      { id: '10042-02', size: 'L', colour: 'Yellow', stockLevel: 0 },
    ]);
  });
});
