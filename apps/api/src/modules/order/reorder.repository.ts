/** Reads of Reorder: an order's product lines, and what the catalogue holds of them today. */
import type { Executor } from '@b2b/db';
import { orderLines, products, productVariants, stockLevels } from '@b2b/db/schema';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

export type ReorderableLine = {
  productId: string;
  variantId: string | null;
  unitOfMeasure: string | null;
  name: string;
  quantity: number;
};

/**
 * The order's top-level product lines in their order. Bundle parts (sub-lines) come back with their bundle, and
 * generated lines are the calculation's, not the buyer's.
 */
export async function findReorderableLines(db: Executor, orderId: string): Promise<ReorderableLine[]> {
  const rows = await db
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      unitOfMeasure: orderLines.unitOfMeasure,
      name: orderLines.name,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNull(orderLines.parentId), eq(orderLines.type, 'Product')))
    .orderBy(asc(orderLines.lineNumber));
  return rows.flatMap((row) => (row.productId === null ? [] : [{ ...row, productId: row.productId }]));
}

export type CatalogueProduct = {
  id: string;
  name: string;
  unitOfMeasure: string;
  stockLevel: number;
  hasVariants: boolean;
  maxLineQuantity: number | null;
};
export type CatalogueVariant = { id: string; productId: string; available: number };

/**
 * The products and variants that still exist among these ids, with what is available now: a variant's stock on hand
 * less reservations (never below 0), a product's denormalised stock level.
 */
export async function findCatalogueEntries(
  db: Executor,
  ids: { productIds: string[]; variantIds: string[] },
): Promise<{ products: CatalogueProduct[]; variants: CatalogueVariant[] }> {
  const [productRows, variantRows] = await Promise.all([
    ids.productIds.length === 0
      ? []
      : db
          .select({
            id: products.id,
            name: products.name,
            unitOfMeasure: products.unitOfMeasure,
            stockLevel: products.stockLevel,
            maxLineQuantity: products.maxLineQuantity,
            hasVariants: sql<boolean>`exists (select 1 from ${productVariants} v where v.product_id = ${products.id})`,
          })
          .from(products)
          .where(inArray(products.id, ids.productIds)),
    ids.variantIds.length === 0
      ? []
      : db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            available: sql<number>`greatest(coalesce(${stockLevels.quantityOnHand}, 0)
                                            - coalesce(${stockLevels.quantityReserved}, 0), 0)::int`,
          })
          .from(productVariants)
          .leftJoin(stockLevels, eq(stockLevels.variantId, productVariants.id))
          .where(inArray(productVariants.id, ids.variantIds)),
  ]);
  return { products: productRows, variants: variantRows };
}
