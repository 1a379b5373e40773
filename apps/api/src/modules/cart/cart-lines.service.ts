/**
 * Changing cart lines (spec §4 Cart, §7 Cart): add or update, set a quantity, delete, empty. Each change runs in a
 * transaction that first raises the cart's version in the UPDATE that also locks the cart row (ADR 007).
 */
import { type CartResponse, DEFAULT_UNIT_OF_MEASURE, MAX_CART_LINES } from '@b2b/contract';
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { isWithinLineLimit, lineLimitMessage, lineLimitOf } from '../customer/buying-limits.ts';
import { describeProduct, recordImpersonationAction } from '../impersonation/impersonation-actions.ts';
import { beginCartChange, loadCart, requireOwner } from './cart-access.ts';
import {
  bumpCartAndFindProducts,
  deleteAllCartLines,
  deleteCartLines,
  findMaxLineQuantity,
  insertSubLines,
  setLineQuantity,
  syncSubLineQuantities,
  upsertProductLine,
} from './cart-lines.repository.ts';
import { toCart } from './cart-mapper.ts';
import { type CartLineRow, type CartRow, findCartLines } from './cart-read.repository.ts';

type LineRequest = {
  lineId?: string | null | undefined;
  productKey: { productId: string; variantId?: string | null | undefined; unitOfMeasure?: string | undefined };
  quantity: number;
};

/**
 * POST AddOrUpdateLines. Per requested line: the line named by `lineId` (when it is still in the cart), else the
 * top-level line of the same product key, else a new line. Without `overrideExistingQuantity` the quantity is added
 * to the line's; with it, it replaces it. A result of 0 or less deletes the line (spec §5), one above the product's
 * line limit answers 400 and changes nothing (ADR 019). A bundle product brings its components as sub-lines. Product keys are checked: the
 * product must exist and still be sold (a discontinued product's line can only be removed), a product with variants
 * needs one of its variants, the unit must be the product's.
 */
export async function addOrUpdateLines(
  ctx: RequestContext,
  input: { cartId: string; lines: LineRequest[]; overrideExistingQuantity?: boolean | undefined },
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  const override = input.overrideExistingQuantity ?? false;
  return inTransaction(ctx, async (txCtx) => {
    const { db } = txCtx;
    // What each requested line did, for the impersonation session's record (ADR 013).
    const changes: string[] = [];
    const productIds = [...new Set(input.lines.map((line) => line.productKey.productId))];
    const variantIds = [
      ...new Set(input.lines.flatMap((line) => (line.productKey.variantId ? [line.productKey.variantId] : []))),
    ];
    // One statement locks the cart, raises its version and reads the catalogue and the lines. The answer is built
    // from those lines and the changes made here (no second read of the whole cart).
    const catalogue = await bumpCartAndFindProducts(db, scope, productIds, variantIds);
    if (!catalogue.cart) await beginCartChange(db, scope); // throws the right 404 or 409
    const cartRow = catalogue.cart as CartRow;
    // Another change committed while this one waited for the lock (PostgreSQL): read the lines after the lock.
    let lines = catalogue.lines ?? (await findCartLines(db, input.cartId));
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
      // A discontinued product is no longer sold (issue 10): a line of it may only be removed.
      if (product.isDiscontinued && newQuantity > 0) {
        throw validationError(`${field}.productKey.productId`, `is no longer sold: ${productId}`);
      }
      const limit = lineLimitOf(product.maxLineQuantity);
      const before = existing?.quantity ?? 0;
      if (!isWithinLineLimit({ before, after: newQuantity, limit })) {
        // Thrown inside the transaction: every line of the request is rolled back with it.
        const inCart = override ? 0 : before;
        const itemNumber = variantId ?? productId;
        throw validationError(`${field}.quantity`, lineLimitMessage({ limit, itemNumber, name: product.name, inCart }));
      }
      const described = describeProduct({ productId, variantId, name: product.name });
      if (newQuantity <= 0) {
        if (existing) {
          await deleteCartLines(db, input.cartId, [existing.id]);
          lines = lines.filter((line) => line.id !== existing.id && line.parentId !== existing.id);
          changes.push(`Removed ${described}`);
        }
        continue;
      }
      // The row lock serialises changes of this cart, so `lines` (read under it) holds the current quantity and the
      // new one is set as computed; ON CONFLICT guards the key.
      const saved = await upsertProductLine(db, {
        cartId: input.cartId,
        productId,
        variantId,
        unitOfMeasure,
        quantity: newQuantity,
      });
      if (!existing || !override) {
        if (requested.quantity > 0) changes.push(`Added ${requested.quantity} × ${described}`);
        if (requested.quantity < 0) changes.push(`Reduced ${described} by ${-requested.quantity} to ${saved.quantity}`);
      } else if (existing.quantity !== saved.quantity) {
        changes.push(`Changed ${described} from ${existing.quantity} to ${saved.quantity}`);
      }
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
        });
      }
    }
    const topLevelCount = lines.filter((line) => line.parentId === null).length;
    if (topLevelCount > MAX_CART_LINES) {
      throw validationError('lines', `would make the cart hold more than ${MAX_CART_LINES} lines`);
    }
    if (changes.length > 0) {
      await recordImpersonationAction(txCtx, {
        kind: 'Cart.AddOrUpdateLines',
        summary: changes.join('; '),
        details: { cartId: input.cartId, lines: input.lines, overrideExistingQuantity: override },
      });
    }
    return { cart: toCart(cartRow, lines) };
  });
}

/**
 * PATCH UpdateLineQuantity: sets a top-level line's quantity; 0 or less deletes it (spec §5), above the product's line
 * limit answers 400 (ADR 019). Unknown line: 404.
 */
export async function updateLineQuantity(
  ctx: RequestContext,
  input: { cartId: string; line: { lineId: string; quantity: number } },
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (txCtx) => {
    const { db } = txCtx;
    await beginCartChange(db, scope);
    const lines = await findCartLines(db, input.cartId);
    const line = lines.find((candidate) => candidate.id === input.line.lineId);
    if (!line) throw new AppError('NotFoundException', 'Cart line not found.');
    if (line.parentId !== null) {
      throw validationError('line.lineId', 'names a sub-line; change its parent line instead');
    }
    const described = describeProduct(line);
    const limit = lineLimitOf((await findMaxLineQuantity(db, line.productId)) ?? null);
    if (!isWithinLineLimit({ before: line.quantity, after: input.line.quantity, limit })) {
      const itemNumber = line.variantId ?? line.productId;
      throw validationError('line.quantity', lineLimitMessage({ limit, itemNumber, name: line.name, inCart: 0 }));
    }
    if (input.line.quantity <= 0) {
      await deleteCartLines(db, input.cartId, [line.id]);
    } else {
      await setLineQuantity(db, { cartId: input.cartId, lineId: line.id }, input.line.quantity);
      await syncSubLineQuantities(db, input.cartId);
    }
    await recordImpersonationAction(txCtx, {
      kind: 'Cart.UpdateLineQuantity',
      summary:
        input.line.quantity <= 0
          ? `Removed ${described}`
          : `Changed ${described} from ${line.quantity} to ${input.line.quantity}`,
      details: { cartId: input.cartId, lineId: line.id, quantity: input.line.quantity },
    });
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
  return inTransaction(ctx, async (txCtx) => {
    const { db } = txCtx;
    await beginCartChange(db, scope);
    const lineIds = [...new Set(input.lineIds)];
    // The names of what goes, for the impersonation session's record; the customer's own deletes need no read.
    const removed = txCtx.impersonation
      ? (await findCartLines(db, input.cartId)).filter((line) => line.parentId === null && lineIds.includes(line.id))
      : [];
    await deleteCartLines(db, input.cartId, lineIds);
    if (removed.length > 0) {
      await recordImpersonationAction(txCtx, {
        kind: 'Cart.DeleteLines',
        summary: `Removed ${removed.map((line) => `${line.quantity} × ${describeProduct(line)}`).join(', ')}`,
        details: { cartId: input.cartId, lineIds: removed.map((line) => line.id) },
      });
    }
    return { cart: await loadCart(db, scope) };
  });
}

/**
 * DELETE EmptyCart: removes every line; shipping, payment and order fields stay. With `version`, a cart changed since
 * (a line added in another tab) answers 409 CartHasBeenModifiedException and keeps every line (ADR 035).
 */
export async function emptyCart(
  ctx: RequestContext,
  input: { cartId: string; version?: number | undefined },
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (txCtx) => {
    const { db } = txCtx;
    await beginCartChange(db, scope, undefined, { expectedVersion: input.version });
    const removedLineCount = await deleteAllCartLines(db, input.cartId);
    if (removedLineCount > 0) {
      await recordImpersonationAction(txCtx, {
        kind: 'Cart.EmptyCart',
        summary: `Emptied the cart (${removedLineCount} ${removedLineCount === 1 ? 'line' : 'lines'} removed)`,
        details: { cartId: input.cartId },
      });
    }
    return { cart: await loadCart(db, scope) };
  });
}
