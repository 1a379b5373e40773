/**
 * One-round-trip reads. On PGlite every statement costs milliseconds (bench/cart.bench.ts), so the hot paths read
 * a cart with its lines (and, for the calculation, its prices, VAT inputs and shipping methods) in one statement,
 * prepared once on PGlite, where planning it cost more than running it (queryPreparedRows in @b2b/db).
 */
import { type Executor, queryPreparedRows } from '@b2b/db';
import {
  type AddressSnapshot,
  cartLines,
  carts,
  paymentMethods,
  priceLists,
  prices,
  products,
  shippingCountries,
  shippingMethodFees,
  shippingMethods,
  stockLevels,
} from '@b2b/db/schema';
import { sql } from 'drizzle-orm';
import { customerVatInputs, type RawCustomerVatInputs, toCustomerVat } from '../../lib/sql/customer-columns.ts';
import type { ShippingMethodCandidate } from '../shipping/shipping-method-rules.ts';
import {
  type AvailableCartLineRow,
  type CartLineRow,
  type CartRow,
  LINE_AVAILABLE_QUANTITY,
} from './cart-read.repository.ts';

export type PricingRow = { productId: string; priceGroupId: string | null; unitPriceMinor: number };

/** A shipping method of the cart's area with its fee in the cart's currency (for `shippingMethodsTo`). */
export type CartShippingMethodRow = ShippingMethodCandidate & {
  name: string;
  countryCodes: string[];
  freeAboveMinor: number | null;
};

export type CartSnapshot = {
  cart: CartRow;
  lines: CartLineRow[];
};

/**
 * What pricing a cart reads besides its lines, for any ship-to country: the calculation is a pure function of these,
 * the lines and the country (cart-pricing.service.ts).
 */
export type CartPricingInputs = {
  priceRows: PricingRow[];
  /** Every active method of the area with a fee in the currency; which ship where: `shippingMethodsTo`. */
  shippingMethods: CartShippingMethodRow[];
  /** The area's shipping countries (GetShippingCountries): a method ships only to one of them. */
  areaCountryCodes: string[];
};

export type PricedCartSnapshot = { cart: CartRow; lines: AvailableCartLineRow[] } & CartPricingInputs;

/** A cart row as raw SQL (and row_to_json) returns it: snake_case, numbers and dates possibly as text. */
export type RawCartRow = {
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
  vat_inputs: RawCustomerVatInputs;
  payment_method_id: string | null;
  payment_method_name: string | null;
  comment: string | null;
  reference: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/** The pricing columns as raw SQL returns them (pricingColumns). */
type RawPricingColumns = {
  /** [product id, price group id (null: the list price), unit price in minor units] */
  prices: Array<[string, string | null, number | string]> | string;
  shipping_methods: CartShippingMethodRow[] | string;
  area_country_codes: string[] | string;
};

/** With `pricing`, the statement also selects the pricing columns, and `lines` is linesJson(true). */
type RawSnapshot = RawCartRow & { lines: RawLines | AvailableLineTuple[] } & Partial<RawPricingColumns>;

/** A json column arrives parsed or as text, depending on the driver; both are read the same. */
export function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function toNumberOrNull(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * What decides the VAT of the cart `c`'s customer (customerVatInputs): every cart row carries it, read in the
 * statement that reads the cart, so what a cart books is never older than the cart (ADR 018).
 */
export const VAT_INPUTS_OF_CART = customerVatInputs(sql`c.area_id`, sql`c.customer_id`);

/**
 * The lines of the cart `c` as a JSON array of LineTuple, in the order they were added; with `availability`, each
 * with the quantity available (LINE_AVAILABLE_QUANTITY: a stock probe per line, which only the calculation shows).
 * Arrays, not objects: on PGlite building and parsing the keys of a 200-line cart's objects cost about as much as
 * reading the lines (issue 12, ADR 007); toCartLines names the fields.
 */
export function linesJson(availability: boolean) {
  return sql`coalesce((
    select json_agg(json_build_array(
      l.id, l.parent_id, l.type, l.product_id, l.variant_id, l.unit_of_measure, l.quantity, l.quantity_per_parent,
      l.position, p.name${availability ? sql`, ${LINE_AVAILABLE_QUANTITY}` : sql``}
    ) order by l.position)
      from ${cartLines} l
      join ${products} p on p.id = l.product_id
      ${availability ? sql`left join ${stockLevels} s on s.variant_id = l.variant_id` : sql``}
     where l.cart_id = c.id), '[]'::json)`;
}

/** A line as linesJson(false) selects it: the fields of CartLineRow in its order. */
type LineTuple = [
  id: string,
  parentId: string | null,
  type: string,
  productId: string,
  variantId: string | null,
  unitOfMeasure: string,
  quantity: number,
  quantityPerParent: number | null,
  position: number,
  name: string,
];

/** A line as linesJson(true) selects it. */
type AvailableLineTuple = [...LineTuple, availableQuantity: number];

/** A linesJson column as the driver returns it (parsed or as text). */
export type RawLines = LineTuple[] | string;

function toCartLine(tuple: LineTuple | AvailableLineTuple): CartLineRow {
  const [id, parentId, type, productId, variantId, unitOfMeasure, quantity, quantityPerParent, position, name] = tuple;
  return { id, parentId, type, productId, variantId, unitOfMeasure, quantity, quantityPerParent, position, name };
}

/** A linesJson(false) column as CartLineRows. */
export function toCartLines(value: RawLines): CartLineRow[] {
  return parseJson(value).map(toCartLine);
}

/** A linesJson(true) column as AvailableCartLineRows. */
function toAvailableCartLines(value: AvailableLineTuple[] | string): AvailableCartLineRow[] {
  return parseJson(value).map((tuple) => ({ ...toCartLine(tuple), availableQuantity: tuple[10] }));
}

export function toCartRow(row: RawCartRow): CartRow {
  return {
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
    vat: toCustomerVat(row.vat_inputs),
    paymentMethodId: row.payment_method_id,
    paymentMethodName: row.payment_method_name,
    comment: row.comment,
    reference: row.reference,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The pricing columns over the cart `c` (`prices`, `shipping_methods`, `area_country_codes`): the list and price
 * group rows in the cart's currency of its top-level products, the area's active shipping methods with their fee in
 * the currency, and the area's shipping countries (so one statement serves any ship-to country).
 */
function pricingColumns(priceGroupId: string | null) {
  return sql`
      coalesce((
        select json_agg(json_build_array(pr.product_id, pl.price_group_id, pr.unit_price_minor))
          from ${prices} pr
          join ${priceLists} pl on pl.id = pr.price_list_id
         where pr.product_id in (select cl.product_id from ${cartLines} cl where cl.cart_id = c.id and cl.parent_id is null)
           and pl.currency_code = c.currency_code
           and (pl.price_group_id is null or pl.price_group_id = ${priceGroupId}::text)), '[]'::json) as prices,
      coalesce((
        select json_agg(json_build_object(
          'id', m.id, 'name', m.name, 'countryCodes', m.country_codes, 'sortOrder', m.sort_order,
          'feeMinor', f.fee_minor, 'freeAboveMinor', f.free_above_minor))
          from ${shippingMethods} m
          join ${shippingMethodFees} f on f.shipping_method_id = m.id and f.currency_code = c.currency_code
         where m.area_id = c.area_id and m.is_active), '[]'::json) as shipping_methods,
      coalesce((select json_agg(sc.country_code) from ${shippingCountries} sc where sc.area_id = c.area_id), '[]'::json)
        as area_country_codes`;
}

/** The pricing inputs of a row with pricingColumns (numbers as numbers, whatever the driver returned). */
function toPricingInputs(row: RawPricingColumns): CartPricingInputs {
  return {
    priceRows: parseJson(row.prices).map(([productId, priceGroupId, unitPriceMinor]) => ({
      productId,
      priceGroupId,
      unitPriceMinor: Number(unitPriceMinor),
    })),
    shippingMethods: parseJson(row.shipping_methods).map((method) => ({
      ...method,
      sortOrder: Number(method.sortOrder),
      feeMinor: Number(method.feeMinor),
      freeAboveMinor: toNumberOrNull(method.freeAboveMinor),
    })),
    areaCountryCodes: parseJson(row.area_country_codes),
  };
}

/**
 * The cart (of the customer) with its lines, in one statement; with `pricing`, also its pricing inputs
 * (pricingColumns) for the customer's price group.
 */
export async function findCartSnapshot(
  db: Executor,
  scope: { cartId: string; customerId: string },
): Promise<CartSnapshot | null>;
export async function findCartSnapshot(
  db: Executor,
  scope: { cartId: string; customerId: string },
  pricing: { priceGroupId: string | null },
): Promise<PricedCartSnapshot | null>;
export async function findCartSnapshot(
  db: Executor,
  scope: { cartId: string; customerId: string },
  pricing?: { priceGroupId: string | null },
): Promise<CartSnapshot | PricedCartSnapshot | null> {
  const [row] = await queryPreparedRows<RawSnapshot>(
    db,
    pricing ? 'cart_priced_snapshot' : 'cart_snapshot',
    sql`
      select c.id, c.customer_id, c.created_by_user_id, c.area_id, c.currency_code, c.status, c.version,
             c.shipping_address, c.shipping_method_id, sm.name as shipping_method_name, smf.fee_minor,
             smf.free_above_minor, ${VAT_INPUTS_OF_CART} as vat_inputs, c.payment_method_id,
             pm.name as payment_method_name, c.comment, c.reference, c.created_at, c.updated_at,
             ${linesJson(pricing !== undefined)} as lines
             ${pricing ? sql`, ${pricingColumns(pricing.priceGroupId)}` : sql``}
        from ${carts} c
        left join ${shippingMethods} sm on sm.id = c.shipping_method_id
        left join ${shippingMethodFees} smf
               on smf.shipping_method_id = c.shipping_method_id and smf.currency_code = c.currency_code
        left join ${paymentMethods} pm on pm.id = c.payment_method_id
       where c.id = ${scope.cartId} and c.customer_id = ${scope.customerId}`,
  );
  if (!row) return null;
  const cart = toCartRow(row);
  if (!pricing) return { cart, lines: toCartLines(row.lines as RawLines) };
  return {
    cart,
    lines: toAvailableCartLines(row.lines as AvailableLineTuple[] | string),
    ...toPricingInputs(row as RawPricingColumns),
  };
}
