/**
 * POST /api/CustomerCenter/Reorder (issue 9 §3): an order's product lines go into the caller's open cart at the
 * quantities ordered, at today's prices. A line the catalogue no longer holds as ordered, or that has no price for
 * the customer, or that would take the cart's line past the product's line limit (ADR 019), is not added, and the
 * answer says which and why; a line without enough stock is added and flagged as backorder (B2B orders are accepted
 * beyond stock, ADR 008).
 */
import type { ReorderResponse } from '@b2b/contract';
import { inTransaction, type RequestContext } from '../../context.ts';
import { requireOwner } from '../cart/cart-access.ts';
import { isLineOnBackorder } from '../cart/cart-calculation.ts';
import { addOrUpdateLines } from '../cart/cart-lines.service.ts';
import { getOrCreateCart } from '../cart/cart-queries.service.ts';
import { lineLimitOf, reorderLineLimitMessage } from '../customer/buying-limits.ts';
import { requireCustomerOrder } from '../customer-center/customer-center.service.ts';
import { describeProduct, recordImpersonationAction } from '../impersonation/impersonation-actions.ts';
import { findPricedProductIds } from '../price/price.service.ts';
import { findCatalogueEntries, findReorderableLines, type ReorderableLine } from './reorder.repository.ts';

type NotAdded = ReorderResponse['notAdded'][number];

type Verdict =
  | { kind: 'add'; unitOfMeasure: string; available: number; lineLimit: number }
  | Pick<NotAdded, 'reason' | 'message'>;

/** Whether and how each ordered line can be added today (pure over what the catalogue and price lists hold). */
function judgeLine(
  line: ReorderableLine,
  catalogue: Awaited<ReturnType<typeof findCatalogueEntries>>,
  pricedProductIds: ReadonlySet<string>,
  currencyCode: string,
): Verdict {
  const product = catalogue.products.find((candidate) => candidate.id === line.productId);
  if (!product) return { reason: 'NoLongerSold', message: 'This product is no longer sold.' };
  const variant =
    line.variantId === null ? undefined : catalogue.variants.find((candidate) => candidate.id === line.variantId);
  if (line.variantId !== null && variant?.productId !== product.id) {
    return { reason: 'NoLongerSold', message: 'This variant is no longer sold; the product may have others.' };
  }
  if (line.variantId === null && product.hasVariants) {
    return { reason: 'NoLongerSold', message: 'This product is now sold in variants; choose one on its page.' };
  }
  if (line.unitOfMeasure !== null && line.unitOfMeasure !== product.unitOfMeasure) {
    return { reason: 'NoLongerSold', message: `This product is now sold per ${product.unitOfMeasure} only.` };
  }
  if (!pricedProductIds.has(product.id)) {
    return { reason: 'NoPrice', message: `This product has no price in ${currencyCode} for you at the moment.` };
  }
  return {
    kind: 'add',
    unitOfMeasure: product.unitOfMeasure,
    available: variant?.available ?? product.stockLevel,
    lineLimit: lineLimitOf(product.maxLineQuantity),
  };
}

/**
 * Adds the order's lines to the caller's open cart (created when there is none) through the cart's AddOrUpdateLines,
 * in one call and one transaction, so the cart lock, the line rules and the impersonation record are the cart's own.
 * 404 when the order is not the customer's.
 */
export async function reorder(ctx: RequestContext, input: { orderId: string }): Promise<ReorderResponse> {
  const { customer } = requireOwner(ctx);
  const found = await requireCustomerOrder(ctx, { orderId: input.orderId });
  const lines = await findReorderableLines(ctx.db, found.order.id);
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const variantIds = [...new Set(lines.flatMap((line) => (line.variantId === null ? [] : [line.variantId])))];
  const [catalogue, pricedProductIds] = await Promise.all([
    findCatalogueEntries(ctx.db, { productIds, variantIds }),
    findPricedProductIds(ctx, { productIds }),
  ]);

  return inTransaction(ctx, async (txCtx) => {
    const { cart } = await getOrCreateCart(txCtx);
    const added: ReorderResponse['added'] = [];
    const notAdded: ReorderResponse['notAdded'] = [];
    // Units this reorder adds per product key (an order may hold a key twice), for the line limit.
    const addedByKey = new Map<string, number>();
    const toAdd: Array<{
      productKey: { productId: string; variantId: string | null; unitOfMeasure: string };
      quantity: number;
    }> = [];
    for (const line of lines) {
      const described = {
        productId: line.productId,
        variantId: line.variantId,
        name: line.name,
        quantity: line.quantity,
      };
      const verdict = judgeLine(line, catalogue, pricedProductIds, customer.currencyCode);
      if (!('kind' in verdict)) {
        notAdded.push({ ...described, ...verdict });
        continue;
      }
      // The cart line will hold what is there already plus this line: that total is what may be short of stock,
      // and what must stay within the line limit (a line refused whole rather than cut: never a silent clamp).
      const key = `${line.productId}|${line.variantId ?? ''}`;
      const inCart =
        cart.lines
          .filter(
            (cartLine) =>
              cartLine.parentId === null &&
              cartLine.productKey.productId === line.productId &&
              (cartLine.productKey.variantId ?? null) === line.variantId,
          )
          .reduce((sum, cartLine) => sum + cartLine.quantity, 0) + (addedByKey.get(key) ?? 0);
      if (inCart + line.quantity > verdict.lineLimit) {
        notAdded.push({
          ...described,
          reason: 'AboveLineLimit',
          message: reorderLineLimitMessage({ limit: verdict.lineLimit, inCart }),
        });
        continue;
      }
      addedByKey.set(key, (addedByKey.get(key) ?? 0) + line.quantity);
      toAdd.push({
        productKey: { productId: line.productId, variantId: line.variantId, unitOfMeasure: verdict.unitOfMeasure },
        quantity: line.quantity,
      });
      added.push({
        ...described,
        isBackorder: isLineOnBackorder({ quantity: inCart + line.quantity, availableQuantity: verdict.available }),
      });
    }
    if (toAdd.length > 0) await addOrUpdateLines(txCtx, { cartId: cart.cartId, lines: toAdd });
    await recordImpersonationAction(txCtx, {
      kind: 'CustomerCenter.Reorder',
      summary:
        `Reordered ${found.order.orderNumber}: ${added.length} of ${lines.length} lines added` +
        (notAdded.length > 0
          ? `; not added: ${notAdded.map((line) => `${describeProduct(line)} (${line.message})`).join(', ')}`
          : ''),
      details: { orderId: found.order.id, cartId: cart.cartId },
    });
    return { cartId: cart.cartId, added, notAdded };
  });
}
