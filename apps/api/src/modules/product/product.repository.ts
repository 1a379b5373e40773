/** Drizzle queries of the product module: products with brand, variants with stock. No business rules here. */
import type { Executor } from '@b2b/db';
import { brands, products, productVariants, stockLevels } from '@b2b/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';

export type ProductRow = {
  id: string;
  parentId: string | null;
  name: string;
  description: string;
  url: string;
  unitOfMeasure: string;
  brandName: string;
  categoryId: string;
  specifications: (typeof products.$inferSelect)['specifications'];
  media: (typeof products.$inferSelect)['media'];
  stockLevel: number;
  newStockDate: string | null;
};

export type VariantRow = {
  id: string;
  productId: string;
  name: string;
  size: string | null;
  colour: string | null;
  quantityOnHand: number | null;
  quantityReserved: number | null;
  newStockDate: string | null;
};

const productColumns = {
  id: products.id,
  parentId: products.parentId,
  name: products.name,
  description: products.description,
  url: products.url,
  unitOfMeasure: products.unitOfMeasure,
  brandName: brands.name,
  categoryId: products.categoryId,
  specifications: products.specifications,
  media: products.media,
  stockLevel: products.stockLevel,
  newStockDate: products.newStockDate,
};

/** Products with these ids (any order; unknown ids are simply absent). */
export async function findProductsByIds(db: Executor, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, [...ids]));
}

/** The product whose canonical page is `url` (products.url is unique). */
export async function findProductByUrl(db: Executor, url: string): Promise<ProductRow | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.url, url))
    .limit(1);
  return row ?? null;
}

/** Variants of these products with their stock, in display order. */
export async function findVariantsByProductIds(db: Executor, productIds: readonly string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: productVariants.name,
      size: productVariants.size,
      colour: productVariants.colour,
      quantityOnHand: stockLevels.quantityOnHand,
      quantityReserved: stockLevels.quantityReserved,
      newStockDate: stockLevels.newStockDate,
    })
    .from(productVariants)
    .leftJoin(stockLevels, eq(stockLevels.variantId, productVariants.id))
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
}
