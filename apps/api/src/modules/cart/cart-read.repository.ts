/**
 * Reads of the cart module: carts and their lines, the customer's carts, what checkout fields are checked against.
 * Every query on a cart names the customer, so a foreign cart is never found.
 */
import type { CustomerVat } from '@b2b/contract/vat-rules';
import { type Executor, queryPreparedRows } from '@b2b/db';
import {
  type AddressSnapshot,
  cartLines,
  carts,
  customerAddresses,
  paymentMethods,
  products,
  shippingMethodFees,
  shippingMethods,
} from '@b2b/db/schema';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { customerVatInputs, type RawCustomerVatInputs, toCustomerVat } from '../../lib/sql/customer-columns.ts';

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
  /** The customer's VAT (ADR 018): its treatment, rate and note, from the seller of the cart's area and the customer. */
  vat: CustomerVat;
  paymentMethodId: string | null;
  paymentMethodName: string | null;
  comment: string | null;
  reference: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A line of the cart as the plain cart shows it (no availability: only the calculated cart shows that). */
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
};

/** A line of the cart to be calculated. */
export type AvailableCartLineRow = CartLineRow & {
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
  vatInputs: customerVatInputs(sql`${carts.areaId}`, sql`${carts.customerId}`),
  paymentMethodId: carts.paymentMethodId,
  paymentMethodName: paymentMethods.name,
  comment: carts.comment,
  reference: carts.reference,
  createdAt: carts.createdAt,
  updatedAt: carts.updatedAt,
};

type SelectedCart = Omit<CartRow, 'vat'> & { vatInputs: RawCustomerVatInputs };

function toCartRowWithVat<T extends SelectedCart>({ vatInputs, ...row }: T): Omit<T, 'vatInputs'> & CartRow {
  return { ...row, vat: toCustomerVat(vatInputs) };
}

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
  return row ? toCartRowWithVat(row) : null;
}

export async function findOpenCart(db: Executor, owner: { customerId: string; userId: string }) {
  const [row] = await selectCarts(db).where(
    and(eq(carts.customerId, owner.customerId), eq(carts.createdByUserId, owner.userId), eq(carts.status, 'open')),
  );
  return row ? toCartRowWithVat(row) : null;
}

export async function findLatestCart(db: Executor, owner: { customerId: string; userId: string }) {
  const [row] = await selectCarts(db)
    .where(and(eq(carts.customerId, owner.customerId), eq(carts.createdByUserId, owner.userId)))
    .orderBy(desc(carts.updatedAt), desc(carts.createdAt))
    .limit(1);
  return row ? toCartRowWithVat(row) : null;
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
 * row), or the product's stock level for a line without a variant; 0 for a product discontinued after it was added
 * (no longer sold: the calculated cart shows the line as unavailable instead of failing). Over cart_lines `l`,
 * products `p`, stock_levels `s`.
 */
export const LINE_AVAILABLE_QUANTITY = sql.raw(`case
  when p.discontinued_at is not null then 0
  when l.variant_id is null then greatest(p.stock_level, 0)
  when s.variant_id is null then 0
  else greatest(s.quantity_on_hand - s.quantity_reserved, 0)
end`);

/**
 * The lines of a cart in the order they were added, with product names. Raw SQL so it can be a prepared statement
 * (AddOrUpdateLines reads it when another change came between, UpdateLineQuantity on every change).
 */
export async function findCartLines(db: Executor, cartId: string): Promise<CartLineRow[]> {
  return queryPreparedRows<CartLineRow>(
    db,
    'cart_lines_of_cart',
    sql`
      select l.id, l.parent_id as "parentId", l.type, l.product_id as "productId", l.variant_id as "variantId",
             l.unit_of_measure as "unitOfMeasure", l.quantity, l.quantity_per_parent as "quantityPerParent",
             l.position::float8 as position, p.name
        from ${cartLines} l
        join ${products} p on p.id = l.product_id
       where l.cart_id = ${cartId}
       order by l.position`,
  );
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
    rows: rows.map((row) => ({ ...toCartRowWithVat(row), lineCount: countByCart.get(row.id) ?? 0 })),
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

export async function findActivePaymentMethod(db: Executor, paymentMethodId: string) {
  const [row] = await db
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.isActive, true)));
  return row ?? null;
}
