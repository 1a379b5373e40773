/**
 * Payment services (spec §7 Payment): the payment methods, card payments through the PaymentProvider interface,
 * and their verification. A card payment's status is only ever taken from the provider (getPayment), never from
 * what a browser sends. When a payment has succeeded, verification places the order (idempotent: one per cart).
 * ADR 008.
 */
import type { AreaId, GetPaymentMethodsResponse, Payment, PaymentMethodKind, PaymentStatus } from '@b2b/contract';
import { inTransaction, type RequestContext, requireCustomer } from '../../context.ts';
import { AppError, isAppError } from '../../errors.ts';
import { priceCart } from '../cart/cart-pricing.service.ts';
import { formatAmount, recordImpersonationAction } from '../impersonation/impersonation-actions.ts';
import { findSessionOfCardPayment } from '../impersonation/impersonation-sessions.service.ts';
import { createOrderByCartId, getPaymentMethod } from '../order/order.service.ts';
import { minorToMajor } from '../price/price-calculation.ts';
import { loadPrincipal } from '../user/principal.service.ts';
import {
  findActivePaymentMethods,
  findCartOwnerUserId,
  findPayment,
  insertPayment,
  type PaymentRow,
  settlePendingPayment,
  updatePayment,
} from './payment.repository.ts';
import { type PaymentProvider, PaymentProviderError, type ProviderPayment } from './payment-provider.ts';

export type PaymentDependencies = {
  /** The card payment provider; null when none is configured (then no card method is offered). */
  provider: PaymentProvider | null;
  /** Origin at which the browser reaches VerifyPaymentRedirect. */
  returnBaseUrl: string;
  /** Origin of the storefront (receipt and checkout pages). */
  storefrontUrl: string;
};

function toPaymentStatus(status: string): PaymentStatus {
  return status === 'Succeeded' || status === 'Failed' || status === 'Canceled' ? status : 'Pending';
}

function toPayment(row: PaymentRow): Payment {
  return {
    paymentId: row.id,
    cartId: row.cartId,
    status: toPaymentStatus(row.status),
    amount: minorToMajor(row.amountMinor),
    currencyCode: row.currencyCode,
    redirectUrl: row.status === 'Pending' ? row.redirectUrl : null,
    order: row.orderId && row.orderNumber ? { orderId: row.orderId, orderNumber: row.orderNumber } : null,
  };
}

function providerFailed(error: unknown): AppError {
  return new AppError(
    'PaymentProviderException',
    `The card payment provider could not be reached: ${(error as Error).message}`,
  );
}

/**
 * POST /api/Payment/GetPaymentMethods: payment on account (invoice, the B2B default) first, and the card method
 * only when a card payment provider is configured.
 */
export async function getPaymentMethods(
  ctx: RequestContext,
  deps: PaymentDependencies,
): Promise<GetPaymentMethodsResponse> {
  requireCustomer(ctx);
  const rows = await findActivePaymentMethods(ctx.db);
  return {
    paymentMethods: rows
      .filter((row) => row.kind !== 'Card' || deps.provider !== null)
      .map((row) => ({
        paymentMethodId: row.id,
        name: row.name,
        kind: (row.kind === 'Card' ? 'Card' : 'Invoice') satisfies PaymentMethodKind,
        isDefault: row.isDefault,
      })),
  };
}

/**
 * POST /api/Payment/CreatePaymentIntent: starts a card payment of the cart's total with VAT, priced on the server
 * (the cart module's calculation). The cart must be open, have lines, and have the card method chosen (SetPayment).
 * Answers the payment with the provider's `redirectUrl` to send the browser to; the provider sends it back to
 * VerifyPaymentRedirect. 404 for another customer's cart; 409 when card payment is unavailable or the cart is not
 * ready; 502 PaymentProviderException when the provider fails (the payment is then recorded as Failed).
 */
export async function createPaymentIntent(
  ctx: RequestContext,
  input: { cartId: string; areaId: AreaId },
  deps: PaymentDependencies,
): Promise<Payment> {
  const customer = requireCustomer(ctx);
  const provider = deps.provider;
  if (!provider) throw new AppError('ConflictException', 'Card payment is not available; pay on account.');
  const priced = await priceCart(ctx, { cartId: input.cartId });
  if (priced.cart.status !== 'open') throw new AppError('ConflictException', 'This cart is not open any more.');
  const method = priced.cart.paymentMethodId
    ? await getPaymentMethod(ctx, { paymentMethodId: priced.cart.paymentMethodId })
    : null;
  if (method?.kind !== 'Card') {
    throw new AppError('ConflictException', 'Choose the card payment method for this cart first (SetPayment).');
  }
  const { calculation } = priced;
  if (calculation.lines.every((line) => line.type !== 'Product')) {
    throw new AppError('CartIsEmptyException', 'The cart has no lines; there is nothing to pay.');
  }
  if (calculation.lines.some((line) => line.isPriceMissing) || calculation.totalWithVatMinor <= 0) {
    throw new AppError('ConflictException', 'The cart holds a product without a price; it cannot be paid.');
  }

  // The payment and, in an impersonation session, its record commit together (ADR 013); the provider is asked
  // after the commit, so no transaction waits on it.
  const paymentId = await inTransaction(ctx, async (txCtx) => {
    const id = await insertPayment(txCtx.db, {
      cartId: priced.cart.id,
      customerId: customer.id,
      provider: provider.name,
      amountMinor: calculation.totalWithVatMinor,
      currencyCode: priced.cart.currencyCode,
    });
    await recordImpersonationAction(txCtx, {
      kind: 'Payment.CreatePaymentIntent',
      summary: `Started a card payment of ${formatAmount(calculation.totalWithVatMinor, priced.cart.currencyCode)} incl. VAT`,
      details: { paymentId: id, cartId: priced.cart.id },
    });
    return id;
  });
  let created: ProviderPayment;
  try {
    created = await provider.createIntent({
      amountMinor: calculation.totalWithVatMinor,
      currencyCode: priced.cart.currencyCode,
      reference: paymentId,
      returnUrl: `${deps.returnBaseUrl}/api/Payment/VerifyPaymentRedirect/${input.areaId}/${paymentId}`,
    });
  } catch (error) {
    await updatePayment(ctx.db, paymentId, { status: 'Failed' });
    if (error instanceof PaymentProviderError) throw providerFailed(error);
    throw error;
  }
  await updatePayment(ctx.db, paymentId, {
    providerPaymentId: created.providerPaymentId,
    redirectUrl: created.redirectUrl,
    status: created.status === 'Succeeded' ? 'Pending' : created.status, // settled only by verification below
  });
  const row = await findPayment(ctx.db, paymentId);
  if (!row) throw new Error('payment vanished');
  return toPayment(row);
}

/**
 * Asks the provider for a pending payment's status and records it. A provider answer that does not match what we
 * asked for (amount, currency, reference) counts as Failed. Then, for a succeeded payment without an order, places
 * the order as the cart's owner (idempotent per cart). Settled payments are not asked again.
 */
async function verify(ctx: RequestContext, payment: PaymentRow, deps: PaymentDependencies): Promise<PaymentRow> {
  if (payment.status === 'Pending' && payment.providerPaymentId && deps.provider) {
    let seen: ProviderPayment;
    try {
      seen = await deps.provider.getPayment(payment.providerPaymentId);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw providerFailed(error);
      throw error;
    }
    const isGenuine =
      seen.reference === payment.id &&
      seen.amountMinor === payment.amountMinor &&
      seen.currencyCode === payment.currencyCode;
    const status = isGenuine ? seen.status : 'Failed';
    if (status !== 'Pending') await settlePendingPayment(ctx.db, payment.id, status);
  }
  let current = (await findPayment(ctx.db, payment.id)) ?? payment;
  if (current.status === 'Succeeded' && current.orderId === null) {
    const ownerCtx = await contextOfCartOwner(ctx, current);
    try {
      await createOrderByCartId(ownerCtx, { cartId: current.cartId });
    } catch (error) {
      // E.g. the cart changed after it was paid: the payment stays succeeded without an order, for staff to settle.
      if (!isAppError(error)) throw error;
    }
    current = (await findPayment(ctx.db, payment.id)) ?? current;
  }
  return current;
}

/**
 * The context of the user who owns the paid cart: the provider redirects an anonymous browser, and the order is
 * placed for the cart's customer by the cart's user (never by anything in the request).
 */
async function contextOfCartOwner(ctx: RequestContext, payment: PaymentRow): Promise<RequestContext> {
  if (ctx.customer?.id === payment.customerId && ctx.user) return ctx;
  const userId = await findCartOwnerUserId(ctx.db, payment.cartId);
  const principal = userId ? await loadPrincipal(ctx, { userId }) : null;
  if (!principal) throw new AppError('NotFoundException', 'The cart of this payment was not found.');
  const user = { id: principal.userId, username: principal.username, roles: principal.roles };
  if (principal.customer?.id === payment.customerId) {
    return { ...ctx, user, customer: principal.customer, impersonation: null };
  }
  // A sales rep's cart (ADR 013): the order is placed as the rep, for the customer, in the session that started
  // the payment, so it is recorded there and names the rep like any order the rep places.
  const assisted = await findSessionOfCardPayment(ctx, { paymentId: payment.id });
  if (assisted?.salesUserId !== principal.userId || assisted.customer.id !== payment.customerId) {
    throw new AppError('NotFoundException', 'The cart of this payment was not found.');
  }
  return { ...ctx, user, customer: assisted.customer, impersonation: { sessionId: assisted.sessionId } };
}

/**
 * GET|POST /api/Payment/VerifyPayment/{area}/{paymentId}: the caller's customer's payment, verified with the
 * provider; once succeeded, with the order it placed. 404 for another customer's payment.
 */
export async function verifyPayment(
  ctx: RequestContext,
  input: { paymentId: string },
  deps: PaymentDependencies,
): Promise<Payment> {
  const customer = requireCustomer(ctx);
  const payment = await findPayment(ctx.db, input.paymentId, customer.id);
  if (!payment) throw new AppError('NotFoundException', `Payment ${input.paymentId} was not found.`);
  return toPayment(await verify(ctx, payment, deps));
}

/**
 * GET|POST /api/Payment/VerifyPaymentRedirect/{area}/{paymentId}: where the provider sends the browser back.
 * Public (the browser may carry no token); the payment id is random and the status comes from the provider only.
 * Answers the storefront URL to redirect to: the receipt once the order is placed, else checkout with the status
 * (also when the provider cannot be reached: then the stored status, Pending).
 */
export async function verifyPaymentRedirect(
  ctx: RequestContext,
  input: { paymentId: string },
  deps: PaymentDependencies,
): Promise<{ location: string; payment: Payment }> {
  const row = await findPayment(ctx.db, input.paymentId);
  if (!row) throw new AppError('NotFoundException', `Payment ${input.paymentId} was not found.`);
  let verified: PaymentRow;
  try {
    verified = await verify(ctx, row, deps);
  } catch (error) {
    // A browser is waiting: when the provider cannot be asked now, send it to checkout with the status we know
    // (Pending); checkout can ask VerifyPayment again.
    if (!isAppError(error) || error.type !== 'PaymentProviderException') throw error;
    verified = row;
  }
  const payment = toPayment(verified);
  const location = payment.order
    ? `${deps.storefrontUrl}/checkout/receipt?cartId=${encodeURIComponent(payment.cartId)}`
    : `${deps.storefrontUrl}/checkout?paymentId=${encodeURIComponent(payment.paymentId)}&paymentStatus=${payment.status}`;
  return { location, payment };
}
