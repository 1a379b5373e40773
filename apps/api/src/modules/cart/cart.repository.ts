/** Drizzle queries of the cart module. Every query on a cart names the customer, so a foreign cart is never found. */
import type { Executor } from '@b2b/db';
import {
  type AddressSnapshot,
  cartLines,
  carts,
  customerAddresses,
  paymentMethods,
  productComponents,
  products,
  productVariants,
  shippingCountries,
  shippingMethodFees,
  shippingMethods,
  stockLevels,
} from '@b2b/db/schema';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

export type CartRow = {
  id: string;
  customerId: string;
  createdByUserId: string;
  areaId: string;
  currencyCode: string;
  status: string;
  version: number;
  shippingAddress: AddressSnapshot | null;
  shippingMethodId: string | null;
  shippingMethodName: string | null;
  shippingFeeMinor: number | null;
  shippingFreeAboveMinor: number | null;
  paymentMethodId: string | null;
  paymentMethodName: string | null;
  comment: string | null;
  reference: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type CartLineRow = {
  id: string;
  parentId: string | null;
  type: string;
  productId: string;
  variantId: string | null;
  unitOfMeasure: string;
  quantity: number;
  quantityPerParent: number | null;
  position: number;
  name: string;
  /** On hand − reserved of the variant, or the product's stock level when the line has no variant. */
  availableQuantity: number;
};

const cartColumns = {
  id: carts.id,
  customerId: carts.customerId,
  createdByUserId: carts.createdByUserId,
  areaId: carts.areaId,
  currencyCode: carts.currencyCode,
  status: carts.status,
  version: carts.version,
  shippingAddress: carts.shippingAddress,
  shippingMethodId: carts.shippingMethodId,
  shippingMethodName: shippingMethods.name,
  shippingFeeMinor: shippingMethodFees.feeMinor,
  shippingFreeAboveMinor: shippingMethodFees.freeAboveMinor,
  paymentMethodId: carts.paymentMethodId,
  paymentMethodName: paymentMethods.name,
  comment: carts.comment,
  reference: carts.reference,
  createdAt: carts.createdAt,
  updatedAt: carts.updatedAt,
};

function selectCarts(db: Executor) {
  return db
    .select(cartColumns)
    .from(carts)
    .leftJoin(shippingMethods, eq(shippingMethods.id, carts.shippingMethodId))
    .leftJoin(
      shippingMethodFees,
      and(
        eq(shippingMethodFees.shippingMethodId, carts.shippingMethodId),
        eq(shippingMethodFees.currencyCode, carts.currencyCode),
      ),
    )
    .leftJoin(paymentMethods, eq(paymentMethods.id, carts.paymentMethodId));
}

export async function findCart(db: Executor, scope: { cartId: string; customerId: string }): Promise<CartRow | null> {
  const [row] = await selectCarts(db).where(and(eq(carts.id, scope.cartId), eq(carts.customerId, scope.customerId)));
  return row ?? null;
}

export async function findOpenCart(db: Executor, owner: { customerId: string; userId: string }) {
  const [row] = await selectCarts(db).where(
    and(eq(carts.customerId, owner.customerId), eq(carts.createdByUserId, owner.userId), eq(carts.status, 'open')),
  );
  return row ?? null;
}

export async function findLatestCart(db: Executor, owner: { customerId: string; userId: string }) {
  const [row] = await selectCarts(db)
    .where(and(eq(carts.customerId, owner.customerId), eq(carts.createdByUserId, owner.userId)))
    .orderBy(desc(carts.updatedAt), desc(carts.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts the owner's open cart unless one exists: the partial unique index `carts_one_open_per_customer_user_idx`
 * makes concurrent callers agree on one. Returns the new id, or null when another cart was already open.
 */
export async function insertOpenCart(
  db: Executor,
  values: { customerId: string; userId: string; areaId: string; currencyCode: string },
): Promise<string | null> {
  const [row] = await db
    .insert(carts)
    .values({
      customerId: values.customerId,
      createdByUserId: values.userId,
      areaId: values.areaId,
      currencyCode: values.currencyCode,
    })
    .onConflictDoNothing({ target: [carts.customerId, carts.createdByUserId], where: sql`status = 'open'` })
    .returning({ id: carts.id });
  return row?.id ?? null;
}

/** Retires the owner's open cart (CreateCart forces a new one). */
export async function abandonOpenCart(db: Executor, owner: { customerId: string; userId: string }) {
  await db
    .update(carts)
    .set({ status: 'abandoned', version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(carts.customerId, owner.customerId), eq(carts.createdByUserId, owner.userId), eq(carts.status, 'open')),
    );
}

/**
 * Starts a change of an open cart: raises its version and takes the row lock in one UPDATE, so changes to one cart
 * run one after another until the transaction ends. Null when the cart is not the customer's or not open.
 */
export async function bumpOpenCartVersion(
  db: Executor,
  scope: { cartId: string; customerId: string },
  fields: Partial<{
    shippingAddressId: string | null;
    shippingAddress: AddressSnapshot | null;
    shippingMethodId: string | null;
    paymentMethodId: string | null;
    comment: string | null;
    reference: string | null;
  }> = {},
): Promise<{ id: string; version: number; currencyCode: string; areaId: string } | null> {
  const [row] = await db
    .update(carts)
    .set({ ...fields, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(carts.id, scope.cartId), eq(carts.customerId, scope.customerId), eq(carts.status, 'open')))
    .returning({ id: carts.id, version: carts.version, currencyCode: carts.currencyCode, areaId: carts.areaId });
  return row ?? null;
}

export async function findCartStatus(db: Executor, scope: { cartId: string; customerId: string }) {
  const [row] = await db
    .select({ status: carts.status })
    .from(carts)
    .where(and(eq(carts.id, scope.cartId), eq(carts.customerId, scope.customerId)));
  return row?.status ?? null;
}

const availableQuantity = sql<number>`(case
  when ${cartLines.variantId} is null then greatest(${products.stockLevel}, 0)
  when ${stockLevels.variantId} is null then 0
  else greatest(${stockLevels.quantityOnHand} - ${stockLevels.quantityReserved}, 0)
end)::int`;

/** The lines of a cart in the order they were added, with product names and the quantity available. */
export async function findCartLines(db: Executor, cartId: string): Promise<CartLineRow[]> {
  return db
    .select({
      id: cartLines.id,
      parentId: cartLines.parentId,
      type: cartLines.type,
      productId: cartLines.productId,
      variantId: cartLines.variantId,
      unitOfMeasure: cartLines.unitOfMeasure,
      quantity: cartLines.quantity,
      quantityPerParent: cartLines.quantityPerParent,
      position: cartLines.position,
      name: products.name,
      availableQuantity,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(stockLevels, eq(stockLevels.variantId, cartLines.variantId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.position));
}

export type ProductForLine = { id: string; unitOfMeasure: string; hasVariants: boolean };
export type ComponentRow = {
  productId: string;
  componentProductId: string;
  componentVariantId: string | null;
  quantity: number;
};

/** What AddOrUpdateLines checks product keys against: the products, which variants are whose, bundle components. */
export async function findProductsForKeys(db: Executor, productIds: string[], variantIds: string[]) {
  const [productRows, variantRows, componentRows] = await Promise.all([
    db
      .select({
        id: products.id,
        unitOfMeasure: products.unitOfMeasure,
        hasVariants: sql<boolean>`exists (select 1 from "product_variants" pv where pv."product_id" = "products"."id")`,
      })
      .from(products)
      .where(inArray(products.id, productIds)),
    variantIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: productVariants.id, productId: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.id, variantIds)),
    db
      .select({
        productId: productComponents.productId,
        componentProductId: productComponents.componentProductId,
        componentVariantId: productComponents.componentVariantId,
        quantity: productComponents.quantity,
      })
      .from(productComponents)
      .where(inArray(productComponents.productId, productIds))
      .orderBy(asc(productComponents.productId), asc(productComponents.sortOrder)),
  ]);
  return {
    products: new Map<string, ProductForLine>(productRows.map((row) => [row.id, row])),
    productOfVariant: new Map<string, string>(variantRows.map((row) => [row.id, row.productId])),
    components: componentRows as ComponentRow[],
  };
}

/**
 * Adds to (or, with `override`, sets) the quantity of the cart's top-level line of a product key, creating it when
 * missing: one atomic `INSERT … ON CONFLICT DO UPDATE` on the unique product-key index. Returns the line and whether
 * it was created.
 */
export async function upsertProductLine(
  db: Executor,
  line: {
    cartId: string;
    productId: string;
    variantId: string | null;
    unitOfMeasure: string;
    quantity: number;
    override: boolean;
  },
): Promise<{ id: string; quantity: number; isNew: boolean }> {
  const [row] = await db
    .insert(cartLines)
    .values({
      cartId: line.cartId,
      type: 'Product',
      productId: line.productId,
      variantId: line.variantId,
      variantKey: line.variantId ?? '',
      unitOfMeasure: line.unitOfMeasure,
      quantity: line.quantity,
    })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId, cartLines.variantKey, cartLines.unitOfMeasure],
      targetWhere: isNull(cartLines.parentId),
      set: {
        quantity: line.override ? sql`excluded.quantity` : sql`${cartLines.quantity} + excluded.quantity`,
      },
    })
    .returning({ id: cartLines.id, quantity: cartLines.quantity, isNew: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('cart line upsert returned no row');
  return row;
}

export async function setLineQuantity(db: Executor, scope: { cartId: string; lineId: string }, quantity: number) {
  await db
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.cartId, scope.cartId), eq(cartLines.id, scope.lineId)));
}

/** Deletes lines of the cart (their sub-lines go with them: ON DELETE CASCADE). */
export async function deleteCartLines(db: Executor, cartId: string, lineIds: string[]) {
  if (lineIds.length === 0) return;
  await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), inArray(cartLines.id, lineIds)));
}

export async function deleteAllCartLines(db: Executor, cartId: string) {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

export async function insertSubLines(
  db: Executor,
  rows: Array<{
    cartId: string;
    parentId: string;
    productId: string;
    variantId: string | null;
    unitOfMeasure: string;
    quantity: number;
    quantityPerParent: number;
  }>,
) {
  if (rows.length === 0) return;
  await db.insert(cartLines).values(rows.map((row) => ({ ...row, type: 'Product', variantKey: row.variantId ?? '' })));
}

/** Sub-line quantities follow their parents': parent quantity × quantity per parent. */
export async function syncSubLineQuantities(db: Executor, cartId: string) {
  await db.execute(sql`
    update ${cartLines} as child
       set quantity = parent.quantity * child.quantity_per_parent
      from ${cartLines} as parent
     where child.parent_id = parent.id
       and parent.cart_id = ${cartId}
       and child.quantity is distinct from parent.quantity * child.quantity_per_parent`);
}

export async function countTopLevelLines(db: Executor, cartId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), isNull(cartLines.parentId)));
  return row?.value ?? 0;
}

export async function searchCarts(
  db: Executor,
  filter: { customerId: string; status?: string | undefined; skip: number; take: number },
) {
  const where = and(
    eq(carts.customerId, filter.customerId),
    filter.status === undefined ? undefined : eq(carts.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    selectCarts(db).where(where).orderBy(desc(carts.updatedAt), desc(carts.id)).offset(filter.skip).limit(filter.take),
    db.select({ value: count() }).from(carts).where(where),
  ]);
  const lineCounts =
    rows.length === 0
      ? []
      : await db
          .select({ cartId: cartLines.cartId, value: count() })
          .from(cartLines)
          .where(
            and(
              inArray(
                cartLines.cartId,
                rows.map((row) => row.id),
              ),
              isNull(cartLines.parentId),
            ),
          )
          .groupBy(cartLines.cartId);
  const countByCart = new Map(lineCounts.map((row) => [row.cartId, row.value]));
  return {
    rows: rows.map((row) => ({ ...row, lineCount: countByCart.get(row.id) ?? 0 })),
    total: total?.value ?? 0,
  };
}

export async function findCustomerAddress(db: Executor, scope: { customerId: string; addressId: string }) {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, scope.addressId), eq(customerAddresses.customerId, scope.customerId)));
  return row ?? null;
}

export type ShippingOptionRow = {
  id: string;
  name: string;
  /** The method's own country list; empty = every country of the area. */
  countryCodes: string[];
  /** Whether the ship-to country is one of the area's shipping countries. */
  isAreaCountry: boolean;
  feeMinor: number;
  freeAboveMinor: number | null;
};

/**
 * Active shipping methods of an area that have a fee in the currency, in their sort order, with whether the area
 * ships to `countryCode` at all.
 */
export async function findShippingOptions(
  db: Executor,
  scope: { areaId: string; currencyCode: string; countryCode: string },
): Promise<ShippingOptionRow[]> {
  return db
    .select({
      id: shippingMethods.id,
      name: shippingMethods.name,
      countryCodes: shippingMethods.countryCodes,
      isAreaCountry: sql<boolean>`exists (select 1 from ${shippingCountries} where ${shippingCountries.areaId} = ${shippingMethods.areaId} and ${shippingCountries.countryCode} = ${scope.countryCode})`,
      feeMinor: shippingMethodFees.feeMinor,
      freeAboveMinor: shippingMethodFees.freeAboveMinor,
    })
    .from(shippingMethods)
    .innerJoin(
      shippingMethodFees,
      and(
        eq(shippingMethodFees.shippingMethodId, shippingMethods.id),
        eq(shippingMethodFees.currencyCode, scope.currencyCode),
      ),
    )
    .where(and(eq(shippingMethods.areaId, scope.areaId), eq(shippingMethods.isActive, true)))
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
}

export async function findActivePaymentMethod(db: Executor, paymentMethodId: string) {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.isActive, true)));
  return row ?? null;
}
