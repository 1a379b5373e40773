/**
 * Cart services (spec §3 Cart, §4 Cart, §7 Cart). Every function acts for `ctx.customer`: a cart id of another
 * customer is never found (404) and nothing changes. Changes run in a transaction that first raises the cart's
 * version in the UPDATE that also locks the cart row, so concurrent edits of one cart run one after another and none
 * is lost. Rules and their reasons: ADR 007.
 */
import {
  type CalculateCartBody,
  type CalculateCartResponse,
  type CalculatedCartLine,
  type Cart,
  type CartLine,
  type CartResponse,
  type CartSummary,
  DEFAULT_SHIP_TO_COUNTRY_CODE,
  DEFAULT_UNIT_OF_MEASURE,
  type GetCartsBySearchResponse,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type SetOrderFieldsBody,
  type SetPaymentBody,
  type SetShippingBody,
} from '@b2b/contract';
import type { AddressSnapshot, Executor } from '@b2b/db';
import type { ContextCustomer, RequestContext } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { minorToMajor, type ProductPriceRows, toMoney } from '../price/price-calculation.ts';
import {
  abandonOpenCart,
  bumpCartAndFindProducts,
  bumpOpenCartVersion,
  type CartLineRow,
  type CartRow,
  deleteAllCartLines,
  deleteCartLines,
  findActivePaymentMethod,
  findCart,
  findCartLines,
  findCartSnapshot,
  findCartStatus,
  findCustomerAddress,
  findLatestCart,
  findOpenCart,
  findShippingOptions,
  insertOpenCart,
  insertSubLines,
  type ShippingOptionRow,
  searchCarts,
  setLineQuantity,
  syncSubLineQuantities,
  upsertProductLine,
} from './cart.repository.ts';
import {
  type CartCalculation,
  calculateCart as calculateCartMinor,
  SMALL_ORDER_SURCHARGES,
} from './cart-calculation.ts';

type Owner = { customer: ContextCustomer; userId: string };

/** The customer the caller acts for (spec §6); a user without one (e.g. back-office staff) gets 403. */
function requireOwner(ctx: RequestContext): Owner {
  if (!ctx.customer || !ctx.user) {
    throw new AppError('ForbiddenException', 'Carts belong to customers; this user acts for none.');
  }
  return { customer: ctx.customer, userId: ctx.user.id };
}

function cartNotFound(): AppError {
  return new AppError('NotFoundException', 'Cart not found.');
}

/** Runs `work` in a transaction (or in the caller's, when ctx.db already is one). */
async function inTransaction<T>(ctx: RequestContext, work: (db: Executor) => Promise<T>): Promise<T> {
  if ('rollback' in ctx.db) return work(ctx.db);
  return ctx.db.transaction(async (tx) => work(tx));
}

// ---------------------------------------------------------------------------------------------------------------
// Mapping to the contract

function toIso(date: Date): string {
  return date.toISOString();
}

function toProductKey(line: Pick<CartLineRow, 'productId' | 'variantId' | 'unitOfMeasure'>) {
  return { productId: line.productId, variantId: line.variantId, unitOfMeasure: line.unitOfMeasure };
}

/** Parents in the order they were added, each followed by its sub-lines. */
function orderLines<T extends { id: string; parentId: string | null }>(lines: T[]): T[] {
  const children = new Map<string, T[]>();
  for (const line of lines) {
    if (line.parentId === null) continue;
    const list = children.get(line.parentId) ?? [];
    list.push(line);
    children.set(line.parentId, list);
  }
  return lines.filter((line) => line.parentId === null).flatMap((line) => [line, ...(children.get(line.id) ?? [])]);
}

function toCartBase(row: CartRow): Omit<Cart, 'lines'> {
  return {
    cartId: row.id,
    version: row.version,
    status: row.status as Cart['status'],
    currencyCode: row.currencyCode,
    shippingMethod:
      row.shippingMethodId && row.shippingMethodName !== null
        ? {
            shippingMethodId: row.shippingMethodId,
            name: row.shippingMethodName,
            // Without a calculation the method's own fee; CalculateCart applies free freight.
            fee: {
              priceWithVat: minorToMajor(row.shippingFeeMinor ?? 0),
              priceWithoutVat: minorToMajor(row.shippingFeeMinor ?? 0),
            },
          }
        : null,
    shippingAddress: row.shippingAddress,
    paymentMethod:
      row.paymentMethodId && row.paymentMethodName !== null
        ? { paymentMethodId: row.paymentMethodId, name: row.paymentMethodName }
        : null,
    comment: row.comment,
    reference: row.reference,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

function toCart(row: CartRow, lines: CartLineRow[]): Cart {
  return {
    ...toCartBase(row),
    lines: orderLines(lines).map(
      (line): CartLine => ({
        id: line.id,
        type: line.type as CartLine['type'],
        parentId: line.parentId,
        productKey: toProductKey(line),
        name: line.name,
        quantity: line.quantity,
        netLinePrice: null,
        linePrice: null,
      }),
    ),
  };
}

async function loadCart(db: Executor, scope: { cartId: string; customerId: string }): Promise<Cart> {
  const snapshot = await findCartSnapshot(db, scope);
  if (!snapshot) throw cartNotFound();
  return toCart(snapshot.cart, snapshot.lines);
}

/**
 * Starts a change: raises the version and locks the cart (one UPDATE). A cart that is not the customer's answers
 * 404; one that is no longer open (order placed, or replaced by CreateCart) 409.
 */
async function beginCartChange(
  db: Executor,
  scope: { cartId: string; customerId: string },
  fields?: Parameters<typeof bumpOpenCartVersion>[2],
) {
  const cart = await bumpOpenCartVersion(db, scope, fields);
  if (cart) return cart;
  const status = await findCartStatus(db, scope);
  if (status === null) throw cartNotFound();
  throw new AppError('ConflictException', `The cart is ${status.replace('_', ' ')} and can no longer be changed.`);
}

// ---------------------------------------------------------------------------------------------------------------
// Getting carts

/**
 * POST GetOrCreateCart: the caller's open cart for the customer, created when there is none. One open cart per
 * customer and user (a partial unique index), so concurrent calls return the same cart. After an order is placed the
 * old cart is checked out and this returns a new, empty one.
 */
export async function getOrCreateCart(ctx: RequestContext): Promise<CartResponse> {
  const { customer, userId } = requireOwner(ctx);
  const owner = { customerId: customer.id, userId };
  let row = await findOpenCart(ctx.db, owner);
  if (!row) {
    await insertOpenCart(ctx.db, {
      ...owner,
      areaId: customer.areaId,
      currencyCode: customer.currencyCode,
    });
    row = await findOpenCart(ctx.db, owner);
    if (!row) throw new Error('open cart neither found nor created');
    return { cart: toCart(row, []) };
  }
  return { cart: toCart(row, await findCartLines(ctx.db, row.id)) };
}

/** POST CreateCart: a new, empty open cart; the caller's previous open cart is retired as abandoned. */
export async function createCart(ctx: RequestContext): Promise<CartResponse> {
  const { customer, userId } = requireOwner(ctx);
  const owner = { customerId: customer.id, userId };
  return inTransaction(ctx, async (db) => {
    await abandonOpenCart(db, owner);
    const id = await insertOpenCart(db, { ...owner, areaId: customer.areaId, currencyCode: customer.currencyCode });
    if (!id) throw new AppError('ConflictException', 'Another cart was opened at the same time; try again.');
    return { cart: await loadCart(db, { cartId: id, customerId: customer.id }) };
  });
}

/** POST GetLatestCart: the caller's most recently changed cart for the customer (any status); 404 when none. */
export async function getLatestCart(ctx: RequestContext): Promise<CartResponse> {
  const { customer, userId } = requireOwner(ctx);
  const row = await findLatestCart(ctx.db, { customerId: customer.id, userId });
  if (!row) throw cartNotFound();
  return { cart: toCart(row, await findCartLines(ctx.db, row.id)) };
}

/** POST GetCartById: any cart of the customer (also another user's of the same customer); 404 otherwise. */
export async function getCartById(ctx: RequestContext, input: { cartId: string }): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  return { cart: await loadCart(ctx.db, { cartId: input.cartId, customerId: customer.id }) };
}

/** POST GetCartsBySearch: the customer's carts, most recently changed first, without their lines. */
export async function getCartsBySearch(
  ctx: RequestContext,
  input: { status?: string | undefined; skip: number; take: number },
): Promise<GetCartsBySearchResponse> {
  const { customer } = requireOwner(ctx);
  const { rows, total } = await searchCarts(ctx.db, { customerId: customer.id, ...input });
  return {
    carts: rows.map((row): CartSummary => ({ ...toCartBase(row), lineCount: row.lineCount })),
    total,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Changing lines

type LineRequest = {
  lineId?: string | null | undefined;
  productKey: { productId: string; variantId?: string | null | undefined; unitOfMeasure?: string | undefined };
  quantity: number;
};

/**
 * POST AddOrUpdateLines. Per requested line: the line named by `lineId` (when it is still in the cart), else the
 * top-level line of the same product key, else a new line. Without `overrideExistingQuantity` the quantity is added
 * to the line's; with it, it replaces it. A result of 0 or less deletes the line (spec §5), above
 * MAX_LINE_QUANTITY answers 400. A bundle product brings its components as sub-lines. Product keys are checked: the
 * product must exist, a product with variants needs one of its variants, the unit must be the product's.
 */
export async function addOrUpdateLines(
  ctx: RequestContext,
  input: { cartId: string; lines: LineRequest[]; overrideExistingQuantity?: boolean | undefined },
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  const override = input.overrideExistingQuantity ?? false;
  return inTransaction(ctx, async (db) => {
    const productIds = [...new Set(input.lines.map((line) => line.productKey.productId))];
    const variantIds = [
      ...new Set(input.lines.flatMap((line) => (line.productKey.variantId ? [line.productKey.variantId] : []))),
    ];
    // One statement locks the cart, raises its version and reads the catalogue; the lines are read after the lock.
    // The answer is built from those lines and the changes made here (no second read of the whole cart).
    const catalogue = await bumpCartAndFindProducts(db, scope, productIds, variantIds);
    if (!catalogue.cart) await beginCartChange(db, scope); // throws the right 404 or 409
    const cartRow = catalogue.cart as CartRow;
    let lines = await findCartLines(db, input.cartId);
    const keyOf = (line: Pick<CartLineRow, 'productId' | 'variantId' | 'unitOfMeasure'>) =>
      `${line.productId}|${line.variantId ?? ''}|${line.unitOfMeasure}`;

    for (const [index, requested] of input.lines.entries()) {
      const field = `lines.${index}`;
      const { productId } = requested.productKey;
      const variantId = requested.productKey.variantId ?? null;
      const product = catalogue.products.get(productId);
      if (!product) throw validationError(`${field}.productKey.productId`, `names no product: ${productId}`);
      const variant = variantId === null ? undefined : catalogue.variants.get(variantId);
      if (variantId !== null && variant?.productId !== productId) {
        throw validationError(`${field}.productKey.variantId`, `is not a variant of ${productId}`);
      }
      if (variantId === null && product.hasVariants) {
        throw validationError(`${field}.productKey.variantId`, `is required: ${productId} is sold in variants`);
      }
      const unitOfMeasure = requested.productKey.unitOfMeasure ?? DEFAULT_UNIT_OF_MEASURE;
      if (unitOfMeasure !== product.unitOfMeasure) {
        throw validationError(`${field}.productKey.unitOfMeasure`, `must be ${product.unitOfMeasure}`);
      }

      const named = requested.lineId ? lines.find((line) => line.id === requested.lineId) : undefined;
      if (named && named.parentId !== null) {
        throw validationError(`${field}.lineId`, 'names a sub-line; change its parent line instead');
      }
      if (named && (named.productId !== productId || named.variantId !== variantId)) {
        throw validationError(`${field}.productKey`, 'must be the product key of the line named by lineId');
      }
      const key = `${productId}|${variantId ?? ''}|${unitOfMeasure}`;
      const existing = named ?? lines.find((line) => line.parentId === null && keyOf(line) === key);
      const newQuantity = override || !existing ? requested.quantity : existing.quantity + requested.quantity;
      if (newQuantity > MAX_LINE_QUANTITY) {
        throw validationError(`${field}.quantity`, `would make the line quantity exceed ${MAX_LINE_QUANTITY}`);
      }
      if (newQuantity <= 0) {
        if (existing) {
          await deleteCartLines(db, input.cartId, [existing.id]);
          lines = lines.filter((line) => line.id !== existing.id && line.parentId !== existing.id);
        }
        continue;
      }
      // Atomic in SQL as well: the row lock already serialises changes of this cart, ON CONFLICT guards the key.
      const saved = await upsertProductLine(db, {
        cartId: input.cartId,
        productId,
        variantId,
        unitOfMeasure,
        quantity: existing && !override ? requested.quantity : newQuantity,
        override: override || !existing,
      });
      if (existing) {
        existing.quantity = saved.quantity;
        for (const child of lines) {
          if (child.parentId === existing.id) child.quantity = saved.quantity * (child.quantityPerParent ?? 1);
        }
        if (lines.some((line) => line.parentId === existing.id)) await syncSubLineQuantities(db, input.cartId);
        continue;
      }
      lines.push({
        id: saved.id,
        parentId: null,
        type: 'Product',
        productId,
        variantId,
        unitOfMeasure,
        quantity: saved.quantity,
        quantityPerParent: null,
        position: saved.position,
        name: product.name,
        availableQuantity: variant ? variant.available : product.stockLevel,
      });
      const components = catalogue.components.filter((component) => component.productId === productId);
      const subLines = components.map((component) => ({
        cartId: input.cartId,
        parentId: saved.id,
        productId: component.componentProductId,
        variantId: component.componentVariantId,
        unitOfMeasure: component.unitOfMeasure,
        quantity: saved.quantity * component.quantity,
        quantityPerParent: component.quantity,
      }));
      const inserted = await insertSubLines(db, subLines);
      for (const [position, subLine] of subLines.entries()) {
        const row = inserted[position];
        const component = components[position];
        if (!row || !component) continue;
        lines.push({
          ...subLine,
          id: row.id,
          type: 'Product',
          position: row.position,
          name: component.name,
          availableQuantity: component.available,
        });
      }
    }
    const topLevelCount = lines.filter((line) => line.parentId === null).length;
    if (topLevelCount > MAX_CART_LINES) {
      throw validationError('lines', `would make the cart hold more than ${MAX_CART_LINES} lines`);
    }
    return { cart: toCart(cartRow, lines) };
  });
}

/** PATCH UpdateLineQuantity: sets a top-level line's quantity; 0 or less deletes it (spec §5). Unknown line: 404. */
export async function updateLineQuantity(
  ctx: RequestContext,
  input: { cartId: string; line: { lineId: string; quantity: number } },
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (db) => {
    await beginCartChange(db, scope);
    const lines = await findCartLines(db, input.cartId);
    const line = lines.find((candidate) => candidate.id === input.line.lineId);
    if (!line) throw new AppError('NotFoundException', 'Cart line not found.');
    if (line.parentId !== null) {
      throw validationError('line.lineId', 'names a sub-line; change its parent line instead');
    }
    if (input.line.quantity <= 0) {
      await deleteCartLines(db, input.cartId, [line.id]);
    } else {
      await setLineQuantity(db, { cartId: input.cartId, lineId: line.id }, input.line.quantity);
      await syncSubLineQuantities(db, input.cartId);
    }
    return { cart: await loadCart(db, scope) };
  });
}

/** DELETE DeleteLines: deletes the named lines (and their sub-lines); ids not in the cart are ignored. */
export async function deleteLines(
  ctx: RequestContext,
  input: { cartId: string; lineIds: string[] },
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (db) => {
    await beginCartChange(db, scope);
    await deleteCartLines(db, input.cartId, [...new Set(input.lineIds)]);
    return { cart: await loadCart(db, scope) };
  });
}

/** DELETE EmptyCart: removes every line; shipping, payment and order fields stay. */
export async function emptyCart(ctx: RequestContext, input: { cartId: string }): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (db) => {
    await beginCartChange(db, scope);
    await deleteAllCartLines(db, input.cartId);
    return { cart: await loadCart(db, scope) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shipping, payment, order fields

/** A method ships to a country of its area that is on its own list (an empty list: any of the area's). */
function shipsTo(option: ShippingOptionRow, countryCode: string): boolean {
  return option.isAreaCountry && (option.countryCodes.length === 0 || option.countryCodes.includes(countryCode));
}

/**
 * PATCH SetShipping: the ship-to address (a copy of one of the customer's addresses) and/or the shipping method (of
 * the cart's area, with a fee in its currency, shipping to the address's country). null clears a field.
 */
export async function setShipping(
  ctx: RequestContext,
  input: Pick<SetShippingBody, 'cartId' | 'shippingAddress' | 'shippingMethod'>,
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (db) => {
    const current = await findCart(db, scope);
    if (!current) throw cartNotFound();
    const fields: Parameters<typeof bumpOpenCartVersion>[2] = {};
    let countryCode = current.shippingAddress?.countryCode ?? null;
    if (input.shippingAddress === null) {
      fields.shippingAddressId = null;
      fields.shippingAddress = null;
      countryCode = null;
    } else if (input.shippingAddress) {
      const address = await findCustomerAddress(db, {
        customerId: customer.id,
        addressId: input.shippingAddress.addressId,
      });
      if (!address) throw validationError('shippingAddress.addressId', "is not one of the customer's addresses");
      const snapshot: AddressSnapshot = {
        addressId: address.id,
        name: address.name,
        street: address.street,
        postalCode: address.postalCode,
        city: address.city,
        countryCode: address.countryCode,
      };
      fields.shippingAddressId = address.id;
      fields.shippingAddress = snapshot;
      countryCode = address.countryCode;
    }
    const methodId =
      input.shippingMethod === undefined ? current.shippingMethodId : (input.shippingMethod?.shippingMethodId ?? null);
    if (input.shippingMethod === null) fields.shippingMethodId = null;
    if (methodId !== null && (input.shippingMethod || input.shippingAddress)) {
      const options = await findShippingOptions(db, {
        areaId: current.areaId,
        currencyCode: current.currencyCode,
        countryCode: countryCode ?? '',
      });
      const option = options.find((candidate) => candidate.id === methodId);
      if (!option)
        throw validationError('shippingMethod.shippingMethodId', `is not offered for this cart: ${methodId}`);
      if (countryCode !== null && !shipsTo(option, countryCode)) {
        throw validationError('shippingMethod.shippingMethodId', `does not ship to ${countryCode}`);
      }
      fields.shippingMethodId = methodId;
    }
    await beginCartChange(db, scope, fields);
    return { cart: await loadCart(db, scope) };
  });
}

/** PATCH SetPayment: one of the active payment methods (GetPaymentMethods). */
export async function setPayment(
  ctx: RequestContext,
  input: Pick<SetPaymentBody, 'cartId' | 'paymentMethod'>,
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (db) => {
    const method = await findActivePaymentMethod(db, input.paymentMethod.paymentMethodId);
    if (!method) {
      throw validationError(
        'paymentMethod.paymentMethodId',
        `names no payment method: ${input.paymentMethod.paymentMethodId}`,
      );
    }
    await beginCartChange(db, scope, { paymentMethodId: method.id });
    return { cart: await loadCart(db, scope) };
  });
}

/** PATCH SetOrderFields: comment and reference (e.g. PO number); null or empty clears, absent leaves as is. */
export async function setOrderFields(
  ctx: RequestContext,
  input: Pick<SetOrderFieldsBody, 'cartId' | 'comment' | 'reference'>,
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  const fields: Parameters<typeof bumpOpenCartVersion>[2] = {};
  if (input.comment !== undefined) fields.comment = input.comment || null;
  if (input.reference !== undefined) fields.reference = input.reference || null;
  return inTransaction(ctx, async (db) => {
    await beginCartChange(db, scope, fields);
    return { cart: await loadCart(db, scope) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Calculation

export type PricedCart = {
  cart: CartRow;
  lines: CartLineRow[];
  calculation: CartCalculation;
  vatRateBasisPoints: number;
  shipToCountryCode: string;
  shippingMethod: { shippingMethodId: string; name: string } | null;
};

/**
 * Prices a cart of the customer from the database (never from a cache: this books money). The ship-to country is
 * the cart's shipping address's, else `shipToCountryCode` (spec §9 default US). The shipping method is the cart's
 * when it ships there, else the area's first that does; none → no fee. Used by CalculateCart and by order placement
 * (pass the transaction in `ctx.db`). 404 for a foreign cart; 409 CartHasBeenModified when `expectedVersion` is given
 * and differs.
 */
export async function priceCart(
  ctx: RequestContext,
  input: { cartId: string; shipToCountryCode?: string | undefined; expectedVersion?: number | undefined },
): Promise<PricedCart> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  // One statement: the cart, its lines, their prices, the VAT rate and the shipping options (a consistent snapshot).
  const snapshot = await findCartSnapshot(ctx.db, scope, {
    priceGroupId: customer.priceGroupId,
    countryCode: input.shipToCountryCode ?? DEFAULT_SHIP_TO_COUNTRY_CODE,
  });
  if (!snapshot) throw cartNotFound();
  const { cart, lines, priceRows, shippingOptions } = snapshot;
  if (input.expectedVersion !== undefined && input.expectedVersion !== cart.version) {
    throw new AppError(
      'CartHasBeenModifiedException',
      `The cart has been modified (version ${cart.version}, the request expected ${input.expectedVersion}).`,
    );
  }
  const shipToCountryCode =
    cart.shippingAddress?.countryCode ?? input.shipToCountryCode ?? DEFAULT_SHIP_TO_COUNTRY_CODE;
  // A missing VAT rate is a data error; prices are shown without VAT (spec §1), so count it as 0 as GetPrices does.
  const vatRateBasisPoints = snapshot.vatRateBasisPoints ?? 0;
  const rowsByProduct = new Map<string, ProductPriceRows>();
  for (const row of priceRows) {
    const entry = rowsByProduct.get(row.productId) ?? {
      listUnitPriceMinor: null,
      listBeforePriceMinor: null,
      netUnitPriceMinor: null,
    };
    if (row.priceGroupId === null) entry.listUnitPriceMinor = row.unitPriceMinor;
    else entry.netUnitPriceMinor = row.unitPriceMinor;
    rowsByProduct.set(row.productId, entry);
  }

  const shippable = shippingOptions.filter((option) => shipsTo(option, shipToCountryCode));
  const method = shippable.find((option) => option.id === cart.shippingMethodId) ?? shippable[0] ?? null;

  const ordered = orderLines(lines);
  const calculation = calculateCartMinor({
    lines: ordered.map((line) => ({
      id: line.id,
      parentId: line.parentId,
      productId: line.productId,
      variantId: line.variantId,
      unitOfMeasure: line.unitOfMeasure,
      name: line.name,
      quantity: line.quantity,
      priceRows: rowsByProduct.get(line.productId) ?? null,
      availableQuantity: line.availableQuantity,
    })),
    vatRateBasisPoints,
    shipping: method
      ? {
          shippingMethodId: method.id,
          name: method.name,
          feeMinor: method.feeMinor,
          freeAboveMinor: method.freeAboveMinor,
        }
      : null,
    smallOrderSurcharge: SMALL_ORDER_SURCHARGES[cart.currencyCode] ?? null,
  });
  return {
    cart,
    lines: ordered,
    calculation,
    vatRateBasisPoints,
    shipToCountryCode,
    shippingMethod: method ? { shippingMethodId: method.id, name: method.name } : null,
  };
}

function moneyOf(netMinor: number, vatMinor: number) {
  return { priceWithVat: minorToMajor(netMinor + vatMinor), priceWithoutVat: minorToMajor(netMinor) };
}

/**
 * POST CalculateCart / InternalCalculateCart: the calculated cart (spec §3) — net line prices from the customer's
 * price group, list line prices, discount, shipping fee, totals with and without VAT, availability per line and the
 * backorder flag, and usingFallbackStrategy (ADR 007). With `version`, a cart changed meanwhile answers 409
 * CartHasBeenModifiedException (spec §8).
 */
export async function calculateCart(
  ctx: RequestContext,
  input: Pick<CalculateCartBody, 'cartId' | 'shipToCountryCode' | 'version'>,
): Promise<CalculateCartResponse> {
  const priced = await priceCart(ctx, {
    cartId: input.cartId,
    shipToCountryCode: input.shipToCountryCode,
    expectedVersion: input.version,
  });
  const { calculation, vatRateBasisPoints } = priced;
  const base = toCartBase(priced.cart);
  const lines = calculation.lines.map(
    (line): CalculatedCartLine => ({
      id: line.id,
      type: line.type,
      parentId: line.parentId,
      productKey: { productId: line.productId, variantId: line.variantId, unitOfMeasure: line.unitOfMeasure },
      name: line.name,
      quantity: line.quantity,
      unitPrice: toMoney(line.unitPriceMinor, vatRateBasisPoints),
      netUnitPrice: toMoney(line.netUnitPriceMinor, vatRateBasisPoints),
      netLinePrice: moneyOf(line.netLinePriceMinor, line.vatMinor),
      linePrice: toMoney(line.linePriceMinor, vatRateBasisPoints),
      asgLineItemsAvailCust: line.availableQuantity,
      isBackorder: line.isBackorder,
    }),
  );
  const shippingFee = moneyOf(calculation.shippingFeeMinor, calculation.shippingVatMinor);
  return {
    cart: {
      ...base,
      shippingMethod: priced.shippingMethod ? { ...priced.shippingMethod, fee: shippingFee } : null,
      lines,
      discount: minorToMajor(calculation.discountMinor),
      shippingFee,
      totalNetPrice: minorToMajor(calculation.totalNetMinor),
      totalPrice: moneyOf(calculation.totalNetMinor, calculation.totalVatMinor),
      shipToCountryCode: priced.shipToCountryCode,
      isBackorder: calculation.isBackorder,
      usingFallbackStrategy: calculation.usingFallbackStrategy,
    },
    usingFallbackStrategy: calculation.usingFallbackStrategy,
  };
}
