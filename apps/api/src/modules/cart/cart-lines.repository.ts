/**
 * Changes of cart lines (AddOrUpdateLines, UpdateLineQuantity, DeleteLines, EmptyCart). Callers have locked the
 * cart first (bumpOpenCartVersion or bumpCartAndFindProducts), so changes of one cart run one after another.
 */
import { type Executor, queryPreparedRows } from '@b2b/db';
import {
  cartLines,
  carts,
  paymentMethods,
  productComponents,
  products,
  productVariants,
  shippingMethodFees,
  shippingMethods,
} from '@b2b/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  linesJson,
  parseJson,
  type RawCartRow,
  type RawLines,
  toCartLines,
  toCartRow,
  VAT_INPUTS_OF_CART,
} from './cart-snapshot.repository.ts';

/**
 * Sets the quantity of the cart's top-level line of a product key, creating the line when missing: one atomic
 * `INSERT … ON CONFLICT DO UPDATE` on the unique product-key index. The caller computes the quantity from the lines it
 * read under the cart's lock, so it is always above 0: the row proposed for insertion is checked against
 * `cart_lines_quantity_positive` before the conflict is found, so a negative change (an increment of -10) could not
 * go in as the inserted value. Returns the line and whether it was created.
 */
export async function upsertProductLine(
  db: Executor,
  line: {
    cartId: string;
    productId: string;
    variantId: string | null;
    unitOfMeasure: string;
    quantity: number;
  },
): Promise<{ id: string; quantity: number; position: number; isNew: boolean }> {
  // Raw SQL so that it is a prepared statement on PGlite (planning an INSERT … ON CONFLICT cost more than running it).
  const [row] = await queryPreparedRows<{ id: string; quantity: number; position: number | string; isNew: boolean }>(
    db,
    'cart_line_upsert',
    sql`
      insert into ${cartLines} as l (cart_id, type, product_id, variant_id, variant_key, unit_of_measure, quantity)
      values (${line.cartId}, 'Product', ${line.productId}, ${line.variantId}::text, coalesce(${line.variantId}::text, ''),
              ${line.unitOfMeasure}, ${line.quantity})
      on conflict (cart_id, product_id, variant_key, unit_of_measure) where parent_id is null
      do update set quantity = excluded.quantity
      returning l.id, l.quantity, l.position, (l.xmax = 0) as "isNew"`,
  );
  if (!row) throw new Error('cart line upsert returned no row');
  return { ...row, position: Number(row.position) };
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

/** Deletes every line of the cart; returns how many top-level lines went (what the customer counts as lines). */
export async function deleteAllCartLines(db: Executor, cartId: string): Promise<number> {
  const deleted = await db
    .delete(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .returning({ parentId: cartLines.parentId });
  return deleted.filter((line) => line.parentId === null).length;
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

export type ProductForLine = {
  id: string;
  unitOfMeasure: string;
  hasVariants: boolean;
  isDiscontinued: boolean;
  /** products.max_line_quantity; null: the contract's default (ADR 019). */
  maxLineQuantity: number | null;
};
export type ComponentRow = {
  productId: string;
  componentProductId: string;
  componentVariantId: string | null;
  quantity: number;
};

/**
 * Starts AddOrUpdateLines in one statement: raises the version and locks the cart (as bumpOpenCartVersion), returns
 * the cart row after the raise, and reads what the product keys are checked against and new lines are shown with
 * (products with name, whether they are discontinued and their line limit, variants, bundle components) and the
 * cart's lines, so the answer needs no further read. No stock: the plain cart shows no availability (only
 * CalculateCart does), and a stock probe per line was a quarter of this statement on a 200-line cart (issue 12).
 * `cart` null: the cart is not the customer's or not open.
 *
 * The lines come from the statement's snapshot, taken before the row lock was granted: they are the cart's lines
 * only if no other change of the cart committed in between, i.e. if the version before the raise (`snapshot_version`,
 * read from that snapshot) is one below the raised one. `lines` is null otherwise (then read them after the lock,
 * findCartLines). On PGlite transactions run one at a time, so that never happens; on PostgreSQL under contention.
 */
export async function bumpCartAndFindProducts(
  db: Executor,
  scope: { cartId: string; customerId: string },
  productIds: string[],
  variantIds: string[],
) {
  // The ids go in as JSON text, not arrays: the planner estimates a JSON array's elements the same whatever its
  // content, so the prepared statement keeps its generic plan on PGlite. With an array parameter it chose a custom
  // plan (a one-element array looks cheaper) and planned the statement anew on every call, which cost more than
  // running it (ADR 007).
  const productIdsJson = JSON.stringify(productIds);
  const [row] = await queryPreparedRows<{
    cart: (RawCartRow & { lines: RawLines; snapshot_version: number }) | string | null;
    products: Array<ProductForLine & { name: string }> | string;
    variants: Array<{ id: string; productId: string }> | string;
    components: Array<ComponentRow & { name: string; unitOfMeasure: string }> | string;
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
                       smf.free_above_minor, ${VAT_INPUTS_OF_CART} as vat_inputs, c.payment_method_id,
                       pm.name as payment_method_name, c.comment,
                       c.reference, c.created_at, c.updated_at,
                       (select before.version from ${carts} before where before.id = c.id) as snapshot_version,
                       ${linesJson(false)} as lines
                  from bumped c
                  left join ${shippingMethods} sm on sm.id = c.shipping_method_id
                  left join ${shippingMethodFees} smf
                         on smf.shipping_method_id = c.shipping_method_id and smf.currency_code = c.currency_code
                  left join ${paymentMethods} pm on pm.id = c.payment_method_id) x) as cart,
             coalesce((select json_agg(json_build_object(
                        'id', p.id, 'unitOfMeasure', p.unit_of_measure, 'name', p.name,
                        'isDiscontinued', p.discontinued_at is not null, 'maxLineQuantity', p.max_line_quantity,
                        'hasVariants', exists (select 1 from ${productVariants} pv where pv.product_id = p.id)))
                         from ${products} p where p.id = any(array(select json_array_elements_text(${productIdsJson}::json)))), '[]'::json) as products,
             coalesce((select json_agg(json_build_object('id', v.id, 'productId', v.product_id))
                         from ${productVariants} v
                        where v.id = any(array(select json_array_elements_text(${JSON.stringify(variantIds)}::json)))), '[]'::json) as variants,
             coalesce((select json_agg(json_build_object(
                        'productId', pc.product_id, 'componentProductId', pc.component_product_id,
                        'componentVariantId', pc.component_variant_id, 'quantity', pc.quantity,
                        'name', cp.name, 'unitOfMeasure', cp.unit_of_measure)
                        order by pc.product_id, pc.sort_order)
                         from ${productComponents} pc
                         join ${products} cp on cp.id = pc.component_product_id
                        where pc.product_id = any(array(select json_array_elements_text(${productIdsJson}::json)))), '[]'::json) as components`,
  );
  const cart = row?.cart ? parseJson(row.cart) : null;
  const productRows = parseJson(row?.products ?? []);
  const variantRows = parseJson(row?.variants ?? []);
  const cartRow = cart ? toCartRow(cart) : null;
  const linesAreCurrent = cart !== null && Number(cart.snapshot_version) + 1 === Number(cart.version);
  return {
    cart: cartRow,
    lines: cart && linesAreCurrent ? toCartLines(cart.lines) : null,
    products: new Map(productRows.map((product) => [product.id, product])),
    variants: new Map(variantRows.map((variant) => [variant.id, variant])),
    components: parseJson(row?.components ?? []),
  };
}

/** The line limit column of one product (products.max_line_quantity; null: the default); undefined when unknown. */
export async function findMaxLineQuantity(db: Executor, productId: string): Promise<number | null | undefined> {
  const [row] = await db
    .select({ maxLineQuantity: products.maxLineQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.maxLineQuantity;
}
