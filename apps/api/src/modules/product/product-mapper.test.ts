import { productSchema } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { CategoryTree } from '../search/category-tree.ts';
import type { ProductRow, VariantRow } from './product.repository.ts';
import { toProduct } from './product-mapper.ts';

const categories = new CategoryTree([
  { id: 'skate', parentId: null, name: 'Skate', url: '/skate', sortOrder: 0 },
  { id: 'skate-decks', parentId: 'skate', name: 'Decks', url: '/skate/decks', sortOrder: 0 },
]);

const row: ProductRow = {
  id: '100001',
  parentId: null,
  name: 'BB Vortex Deck',
  description: 'A deck.',
  url: '/p/bb-vortex-deck-100001',
  unitOfMeasure: 'STK',
  brandName: 'BB',
  categoryId: 'skate-decks',
  specifications: { brand: 'old name', material: 'Bamboo', $meta: { material: 'Material' } },
  media: [
    { type: 'image', url: '/images/raw/a', alt: 'a' },
    { type: 'image', url: '/images/raw/b', alt: 'b' },
  ],
  stockLevel: 7,
  newStockDate: '2025-01-02',
  maxLineQuantity: 200,
};

const variants: VariantRow[] = [
  {
    id: '100001-01',
    name: 'BB Vortex Deck, Red, 8.0"',
    size: '8.0"',
    colour: 'Red',
    available: 7,
    newStockDate: null,
  },
  {
    id: '100001-02',
    name: 'BB Vortex Deck, Red, 8.25"',
    size: '8.25"',
    colour: 'Red',
    available: 0,
    newStockDate: '2025-01-02',
  },
];

describe('toProduct', () => {
  it('gives the full product for the page template, valid by the contract', () => {
    const product = toProduct(row, variants, categories, 'page');
    expect(productSchema.parse(product)).toEqual(product);
    expect(product.categories.map((category) => category.id)).toEqual(['skate', 'skate-decks']);
    expect(product.specifications).toEqual({ brand: 'BB', material: 'Bamboo', $meta: { material: 'Material' } });
    expect(product.variants.map((variant) => variant.stockLevel)).toEqual([7, 0]);
    expect(product.media).toHaveLength(2);
    expect(product.maxLineQuantity).toBe(200);
  });

  it('gives a product without a line limit of its own the default one', () => {
    expect(toProduct({ ...row, maxLineQuantity: null }, variants, categories, 'page').maxLineQuantity).toBe(1_000);
  });

  it('gives a slimmer product for product-cart, still valid by the contract', () => {
    const product = toProduct(row, variants, categories, 'product-cart');
    expect(productSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({ description: '', categories: [], specifications: { brand: 'BB', $meta: {} } });
    // every image: a cart line shows its variant's colour (issue 24)
    expect(product.media).toHaveLength(2);
    expect(product.variants).toHaveLength(2);
    // the cart's quantity boxes say the limit
    expect(product.maxLineQuantity).toBe(200);
  });
});
