/**
 * Who may touch which cart, and how a change of a cart starts. Every cart function acts for the caller's customer:
 * a cart id of another customer is never found (404) and nothing changes (ADR 007).
 */
import type { Cart } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { type ContextCustomer, type RequestContext, requireCustomer, requireUser } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toCart } from './cart-mapper.ts';
import { findCartStatus } from './cart-read.repository.ts';
import { findCartSnapshot } from './cart-snapshot.repository.ts';
import { bumpOpenCartVersion, type CartFieldChanges } from './cart-write.repository.ts';

/** The customer a cart belongs to and the user whose open cart it is (one open cart per customer and user). */
export type CartOwner = { customer: ContextCustomer; userId: string };

/** The caller's customer and user (spec §6); a user without a customer (e.g. back-office staff) gets 403. */
export function requireOwner(ctx: RequestContext): CartOwner {
  const customer = requireCustomer(ctx);
  return { customer, userId: requireUser(ctx).id };
}

/** spec §8 CartHasBeenModifiedException: the cart's version is not the one the client holds (409). */
export function cartHasBeenModified(version: number, expectedVersion: number): AppError {
  return new AppError(
    'CartHasBeenModifiedException',
    `The cart has been modified (version ${version}, the request expected ${expectedVersion}).`,
  );
}

export function cartNotFound(): AppError {
  return new AppError('NotFoundException', 'Cart not found.');
}

/** The customer's cart with its lines (one statement); 404 for any other id. */
export async function loadCart(db: Executor, scope: { cartId: string; customerId: string }): Promise<Cart> {
  const snapshot = await findCartSnapshot(db, scope);
  if (!snapshot) throw cartNotFound();
  return toCart(snapshot.cart, snapshot.lines);
}

/**
 * Starts a change: raises the version and locks the cart (one UPDATE), so concurrent edits of one cart run one after
 * another and none is lost. A cart that is not the customer's answers 404; one that is no longer open (order
 * placed, or replaced by CreateCart) 409; with `expectedVersion`, a cart changed since that version 409
 * CartHasBeenModifiedException.
 */
export async function beginCartChange(
  db: Executor,
  scope: { cartId: string; customerId: string },
  fields?: CartFieldChanges,
  options: { expectedVersion?: number | undefined } = {},
) {
  const cart = await bumpOpenCartVersion(db, scope, fields);
  if (cart) {
    // The version before this change, read under the row lock: a write that raced in first shows here. Throwing
    // rolls the transaction back, so the refused change raises nothing (ADR 035).
    const versionBefore = cart.version - 1;
    if (options.expectedVersion !== undefined && options.expectedVersion !== versionBefore) {
      throw cartHasBeenModified(versionBefore, options.expectedVersion);
    }
    return cart;
  }
  const status = await findCartStatus(db, scope);
  if (status === null) throw cartNotFound();
  throw new AppError('ConflictException', `The cart is ${status.replace('_', ' ')} and can no longer be changed.`);
}
