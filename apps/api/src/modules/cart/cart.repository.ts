/** Drizzle queries of the cart module. Every query on a cart names the customer, so a foreign cart is never found. */
import { type Executor, queryPreparedRows } from '@b2b/db';
import {
  type AddressSnapshot,
  cartLines,
  carts,
  customerAddresses,
  paymentMethods,
  priceLists,
  prices,
  productComponents,
  products,
  productVariants,
  shippingCountries,
  shippingMethodFees,
  shippingMethods,
  stockLevels,
  vatRates,
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

/**
 * A line's quantity available to the customer: on hand − reserved of its variant (never below 0; 0 without a stock
 * row), or the product's stock level for a line without a variant. Over cart_lines `l`, products `p`, stock_levels `s`.
 */
const LINE_AVAILABLE_QUANTITY = sql.raw(`case
  when l.variant_id is null then greatest(p.stock_level, 0)
  when s.variant_id is null then 0
  else greatest(s.quantity_on_hand - s.quantity_reserved, 0)
end`);

/**
 * The lines of a cart in the order they were added, with product names and the quantity available. Raw SQL so it
 * can be a prepared statement (AddOrUpdateLines reads it on every change).
 */
export async function findCartLines(db: Executor, cartId: string): Promise<CartLineRow[]> {
  return queryPreparedRows<CartLineRow>(
    db,
    'cart_lines_of_cart',
    sql`
      select l.id, l.parent_id as "parentId", l.type, l.product_id as "productId", l.variant_id as "variantId",
             l.unit_of_measure as "unitOfMeasure", l.quantity, l.quantity_per_parent as "quantityPerParent",
             l.position::float8 as position, p.name,
             (${LINE_AVAILABLE_QUANTITY})::int as "availableQuantity"
        from ${cartLines} l
        join ${products} p on p.id = l.product_id
        left join ${stockLevels} s on s.variant_id = l.variant_id
       where l.cart_id = ${cartId}
       order by l.position`,
  );
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
): Promise<{ id: string; quantity: number; position: number; isNew: boolean }> {
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
    .returning({
      id: cartLines.id,
      quantity: cartLines.quantity,
      position: cartLines.position,
      isNew: sql<boolean>`(xmax = 0)`,
    });
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
  if (rows.length === 0) return [];
  return db
    .insert(cartLines)
    .values(rows.map((row) => ({ ...row, type: 'Product', variantKey: row.variantId ?? '' })))
    .returning({ id: cartLines.id, position: cartLines.position });
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

// ---------------------------------------------------------------------------------------------------------------
// One-round-trip reads. On PGlite every statement costs milliseconds (bench/cart.bench.ts), so the hot paths read
// a cart with its lines (and, for the calculation, its prices, VAT rate and shipping options) in one statement,
// prepared once on PGlite, where planning it cost more than running it (queryPreparedRows in @b2b/db).

export type PricingRow = { productId: string; priceGroupId: string | null; unitPriceMinor: number };

export type CartSnapshot = {
  cart: CartRow;
  lines: CartLineRow[];
};

export type PricedCartSnapshot = CartSnapshot & {
  priceRows: PricingRow[];
  vatRateBasisPoints: number | null;
  shippingOptions: ShippingOptionRow[];
};

type RawSnapshot = {
  id: string;
  customer_id: string;
  created_by_user_id: string;
  area_id: string;
  currency_code: string;
  status: string;
  version: number;
  shipping_address: AddressSnapshot | string | null;
  shipping_method_id: string | null;
  shipping_method_name: string | null;
  fee_minor: number | string | null;
  free_above_minor: number | string | null;
  payment_method_id: string | null;
  payment_method_name: string | null;
  comment: string | null;
  reference: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  lines: CartLineRow[] | string;
  prices?: PricingRow[] | string;
  vat_rate?: number | null;
  shipping_options?: Array<Omit<ShippingOptionRow, 'isAreaCountry'>> | string;
  is_area_country?: boolean;
};

function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function toNumberOrNull(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function linesJson() {
  return sql`coalesce((
    select json_agg(json_build_object(
      'id', l.id, 'parentId', l.parent_id, 'type', l.type, 'productId', l.product_id, 'variantId', l.variant_id,
      'unitOfMeasure', l.unit_of_measure, 'quantity', l.quantity, 'quantityPerParent', l.quantity_per_parent,
      'position', l.position, 'name', p.name,
      'availableQuantity', ${LINE_AVAILABLE_QUANTITY}
    ) order by l.position)
      from ${cartLines} l
      join ${products} p on p.id = l.product_id
      left join ${stockLevels} s on s.variant_id = l.variant_id
     where l.cart_id = c.id), '[]'::json)`;
}

function toSnapshot(row: RawSnapshot): CartSnapshot {
  return {
    cart: {
      id: row.id,
      customerId: row.customer_id,
      createdByUserId: row.created_by_user_id,
      areaId: row.area_id,
      currencyCode: row.currency_code,
      status: row.status,
      version: Number(row.version),
      shippingAddress: row.shipping_address === null ? null : parseJson(row.shipping_address),
      shippingMethodId: row.shipping_method_id,
      shippingMethodName: row.shipping_method_name,
      shippingFeeMinor: toNumberOrNull(row.fee_minor),
      shippingFreeAboveMinor: toNumberOrNull(row.free_above_minor),
      paymentMethodId: row.payment_method_id,
      paymentMethodName: row.payment_method_name,
      comment: row.comment,
      reference: row.reference,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
    lines: parseJson(row.lines),
  };
}

/**
 * The cart (of the customer) with its lines, in one statement; with `pricing`, also the price rows of its top-level
 * products in its currency (list and the price group's), the area's VAT rate and its shipping options, and whether
 * the area ships to the ship-to country (the cart's address's, else `pricing.countryCode`).
 */
export async function findCartSnapshot(
  db: Executor,
  scope: { cartId: string; customerId: string },
): Promise<CartSnapshot | null>;
export async function findCartSnapshot(
  db: Executor,
  scope: { cartId: string; customerId: string },
  pricing: { priceGroupId: string | null; countryCode: string },
): Promise<PricedCartSnapshot | null>;
export async function findCartSnapshot(
  db: Executor,
  scope: { cartId: string; customerId: string },
  pricing?: { priceGroupId: string | null; countryCode: string },
): Promise<CartSnapshot | PricedCartSnapshot | null> {
  const pricingColumns = pricing
    ? sql`,
      coalesce((
        select json_agg(json_build_object(
          'productId', pr.product_id, 'priceGroupId', pl.price_group_id, 'unitPriceMinor', pr.unit_price_minor))
          from ${prices} pr
          join ${priceLists} pl on pl.id = pr.price_list_id
         where pr.product_id in (select cl.product_id from ${cartLines} cl where cl.cart_id = c.id and cl.parent_id is null)
           and pl.currency_code = c.currency_code
           and (pl.price_group_id is null or pl.price_group_id = ${pricing.priceGroupId}::text)), '[]'::json) as prices,
      (select v.rate_basis_points from ${vatRates} v where v.area_id = c.area_id) as vat_rate,
      coalesce((
        select json_agg(json_build_object(
          'id', m.id, 'name', m.name, 'countryCodes', m.country_codes, 'feeMinor', f.fee_minor,
          'freeAboveMinor', f.free_above_minor) order by m.sort_order, m.id)
          from ${shippingMethods} m
          join ${shippingMethodFees} f on f.shipping_method_id = m.id and f.currency_code = c.currency_code
         where m.area_id = c.area_id and m.is_active), '[]'::json) as shipping_options,
      exists (
        select 1 from ${shippingCountries} sc
         where sc.area_id = c.area_id
           and sc.country_code = coalesce(c.shipping_address->>'countryCode', ${pricing.countryCode})) as is_area_country`
    : sql``;
  const [row] = await queryPreparedRows<RawSnapshot>(
    db,
    pricing ? 'cart_priced_snapshot' : 'cart_snapshot',
    sql`
      select c.id, c.customer_id, c.created_by_user_id, c.area_id, c.currency_code, c.status, c.version,
             c.shipping_address, c.shipping_method_id, sm.name as shipping_method_name, smf.fee_minor,
             smf.free_above_minor, c.payment_method_id, pm.name as payment_method_name, c.comment, c.reference,
             c.created_at, c.updated_at,
             ${linesJson()} as lines
             ${pricingColumns}
        from ${carts} c
        left join ${shippingMethods} sm on sm.id = c.shipping_method_id
        left join ${shippingMethodFees} smf
               on smf.shipping_method_id = c.shipping_method_id and smf.currency_code = c.currency_code
        left join ${paymentMethods} pm on pm.id = c.payment_method_id
       where c.id = ${scope.cartId} and c.customer_id = ${scope.customerId}`,
  );
  if (!row) return null;
  const snapshot = toSnapshot(row);
  if (!pricing) return snapshot;
  const isAreaCountry = row.is_area_country === true;
  return {
    ...snapshot,
    priceRows: parseJson(row.prices ?? []).map((price) => ({ ...price, unitPriceMinor: Number(price.unitPriceMinor) })),
    vatRateBasisPoints: toNumberOrNull(row.vat_rate),
    shippingOptions: parseJson(row.shipping_options ?? []).map((option) => ({
      ...option,
      feeMinor: Number(option.feeMinor),
      freeAboveMinor: toNumberOrNull(option.freeAboveMinor),
      isAreaCountry,
    })),
  };
}

/**
 * Starts AddOrUpdateLines in one statement: raises the version and locks the cart (as bumpOpenCartVersion), returns
 * the cart row after the raise, and reads what the product keys are checked against and new lines are shown with
 * (products with name and stock, variants with the quantity available, bundle components). `cart` null: the cart is
 * not the customer's or not open.
 */
export async function bumpCartAndFindProducts(
  db: Executor,
  scope: { cartId: string; customerId: string },
  productIds: string[],
  variantIds: string[],
) {
  const [row] = await queryPreparedRows<{
    cart: (Omit<RawSnapshot, 'lines'> & { lines?: undefined }) | string | null;
    products: Array<ProductForLine & { name: string; stockLevel: number }> | string;
    variants: Array<{ id: string; productId: string; available: number }> | string;
    components: Array<ComponentRow & { name: string; unitOfMeasure: string; available: number }> | string;
  }>(
    db,
    'cart_bump_find_products',
    sql`
      with bumped as (
        update ${carts} set version = version + 1, updated_at = now()
         where id = ${scope.cartId} and customer_id = ${scope.customerId} and status = 'open'
        returning *)
      select (select row_to_json(x) from (
                select c.id, c.customer_id, c.created_by_user_id, c.area_id, c.currency_code, c.status, c.version,
                       c.shipping_address, c.shipping_method_id, sm.name as shipping_method_name, smf.fee_minor,
                       smf.free_above_minor, c.payment_method_id, pm.name as payment_method_name, c.comment,
                       c.reference, c.created_at, c.updated_at
                  from bumped c
                  left join ${shippingMethods} sm on sm.id = c.shipping_method_id
                  left join ${shippingMethodFees} smf
                         on smf.shipping_method_id = c.shipping_method_id and smf.currency_code = c.currency_code
                  left join ${paymentMethods} pm on pm.id = c.payment_method_id) x) as cart,
             coalesce((select json_agg(json_build_object(
                        'id', p.id, 'unitOfMeasure', p.unit_of_measure, 'name', p.name,
                        'stockLevel', greatest(p.stock_level, 0),
                        'hasVariants', exists (select 1 from ${productVariants} pv where pv.product_id = p.id)))
                         from ${products} p where p.id = any(${sql.param(productIds)}::text[])), '[]'::json) as products,
             coalesce((select json_agg(json_build_object(
                        'id', v.id, 'productId', v.product_id,
                        'available', coalesce(greatest(s.quantity_on_hand - s.quantity_reserved, 0), 0)))
                         from ${productVariants} v
                         left join ${stockLevels} s on s.variant_id = v.id
                        where v.id = any(${sql.param(variantIds)}::text[])), '[]'::json) as variants,
             coalesce((select json_agg(json_build_object(
                        'productId', pc.product_id, 'componentProductId', pc.component_product_id,
                        'componentVariantId', pc.component_variant_id, 'quantity', pc.quantity,
                        'name', cp.name, 'unitOfMeasure', cp.unit_of_measure,
                        'available', case
                          when pc.component_variant_id is null then greatest(cp.stock_level, 0)
                          else coalesce(greatest(cs.quantity_on_hand - cs.quantity_reserved, 0), 0)
                        end)
                        order by pc.product_id, pc.sort_order)
                         from ${productComponents} pc
                         join ${products} cp on cp.id = pc.component_product_id
                         left join ${stockLevels} cs on cs.variant_id = pc.component_variant_id
                        where pc.product_id = any(${sql.param(productIds)}::text[])), '[]'::json) as components`,
  );
  const cart = row?.cart ? parseJson(row.cart) : null;
  const productRows = parseJson(row?.products ?? []);
  const variantRows = parseJson(row?.variants ?? []);
  return {
    cart: cart ? toSnapshot({ ...cart, lines: [] }).cart : null,
    products: new Map(productRows.map((product) => [product.id, product])),
    variants: new Map(variantRows.map((variant) => [variant.id, variant])),
    components: parseJson(row?.components ?? []),
  };
}
