/** Getting carts (spec §7 Cart): the caller's open cart, a new one, the latest, one by id, the customer's list. */
import type { CartResponse, CartSummary, GetCartsBySearchResponse } from '@b2b/contract';
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordImpersonationAction } from '../impersonation/impersonation-actions.ts';
import { cartNotFound, loadCart, requireOwner } from './cart-access.ts';
import { toCart, toCartBase } from './cart-mapper.ts';
import { findCartLines, findLatestCart, findOpenCart, searchCarts } from './cart-read.repository.ts';
import { abandonOpenCart, insertOpenCart } from './cart-write.repository.ts';

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
  return inTransaction(ctx, async (txCtx) => {
    await abandonOpenCart(txCtx.db, owner);
    const id = await insertOpenCart(txCtx.db, {
      ...owner,
      areaId: customer.areaId,
      currencyCode: customer.currencyCode,
    });
    if (!id) throw new AppError('ConflictException', 'Another cart was opened at the same time; try again.');
    await recordImpersonationAction(txCtx, {
      kind: 'Cart.CreateCart',
      summary: 'Started a new cart',
      details: { cartId: id },
    });
    return { cart: await loadCart(txCtx.db, { cartId: id, customerId: customer.id }) };
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
