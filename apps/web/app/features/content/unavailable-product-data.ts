import type { UnavailableProduct } from '@b2b/contract';
import type { ProductCardData } from '~/components/product/product-card-data.ts';

export type UnavailableProductView = Pick<
  UnavailableProduct,
  'id' | 'name' | 'reason' | 'discontinuedAt' | 'category'
> & {
  alternatives: ProductCardData[];
};
