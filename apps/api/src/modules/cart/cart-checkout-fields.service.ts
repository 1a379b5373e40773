/**
 * What checkout records on the cart (spec §4 Checkout, §7 Cart): ship-to address and shipping method, payment
 * method, comment and reference. Each change raises the cart's version like a change of its lines (ADR 007).
 */
import type { CartResponse, SetOrderFieldsBody, SetPaymentBody, SetShippingBody } from '@b2b/contract';
import type { AddressSnapshot } from '@b2b/db';
import { inTransaction, type RequestContext } from '../../context.ts';
import { validationError } from '../../errors.ts';
import { recordImpersonationAction } from '../impersonation/impersonation-actions.ts';
import { getShippingOffer } from '../shipping/shipping.service.ts';
import { shipsTo } from '../shipping/shipping-method-rules.ts';
import { beginCartChange, cartNotFound, loadCart, requireOwner } from './cart-access.ts';
import { toCart } from './cart-mapper.ts';
import { priceCart } from './cart-pricing.service.ts';
import { findActivePaymentMethod, findCart, findCustomerAddress } from './cart-read.repository.ts';
import type { CartFieldChanges } from './cart-write.repository.ts';

/**
 * PATCH SetShipping: the ship-to address (a copy of one of the customer's addresses) and/or the shipping method (of
 * the cart's area, with a fee in its currency, shipping to the address's country). null clears a field. The
 * answer's fee is the cart's: with VAT, and free from the method's threshold (as CalculateCart charges it).
 */
export async function setShipping(
  ctx: RequestContext,
  input: Pick<SetShippingBody, 'cartId' | 'shippingAddress' | 'shippingMethod'>,
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (txCtx) => {
    const { db } = txCtx;
    const current = await findCart(db, scope);
    if (!current) throw cartNotFound();
    const fields: CartFieldChanges = {};
    // What was set, for the impersonation session's record (ADR 013).
    const changes: string[] = [];
    let countryCode = current.shippingAddress?.countryCode ?? null;
    if (input.shippingAddress === null) {
      fields.shippingAddressId = null;
      fields.shippingAddress = null;
      countryCode = null;
      changes.push('Cleared the ship-to address');
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
      changes.push(
        `Set the ship-to address to ${address.name}, ${address.street}, ${address.postalCode} ${address.city}, ${address.countryCode}`,
      );
    }
    const methodId =
      input.shippingMethod === undefined ? current.shippingMethodId : (input.shippingMethod?.shippingMethodId ?? null);
    if (input.shippingMethod === null) {
      fields.shippingMethodId = null;
      changes.push('Cleared the shipping method');
    }
    if (methodId !== null && (input.shippingMethod || input.shippingAddress)) {
      const offer = await getShippingOffer(txCtx, {
        areaId: current.areaId,
        currencyCode: current.currencyCode,
        countryCode: countryCode ?? '',
      });
      const method = offer.methods.find((candidate) => candidate.id === methodId);
      if (!method) {
        throw validationError('shippingMethod.shippingMethodId', `is not offered for this cart: ${methodId}`);
      }
      // Without an address yet any method of the area may be chosen; the address, once set, must be served by it.
      if (countryCode !== null && !shipsTo(method, offer.destination)) {
        throw validationError('shippingMethod.shippingMethodId', `does not ship to ${countryCode}`);
      }
      fields.shippingMethodId = methodId;
      if (input.shippingMethod) changes.push(`Set the shipping method to ${method.name}`);
    }
    await beginCartChange(db, scope, fields);
    if (changes.length > 0) {
      await recordImpersonationAction(txCtx, {
        kind: 'Cart.SetShipping',
        summary: changes.join('; '),
        details: { cartId: input.cartId, ...fields },
      });
    }
    // The fee answered is the one CalculateCart charges (VAT, free freight): one calculation (shipping-fee.ts).
    const priced = await priceCart(txCtx, { cartId: input.cartId, shipToCountryCode: countryCode ?? undefined });
    return { cart: toCart(priced.cart, priced.lines, { goodsNetMinor: priced.calculation.goodsNetMinor }) };
  });
}

/** PATCH SetPayment: one of the active payment methods (GetPaymentMethods). */
export async function setPayment(
  ctx: RequestContext,
  input: Pick<SetPaymentBody, 'cartId' | 'paymentMethod'>,
): Promise<CartResponse> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  return inTransaction(ctx, async (txCtx) => {
    const { db } = txCtx;
    const method = await findActivePaymentMethod(db, input.paymentMethod.paymentMethodId);
    if (!method) {
      throw validationError(
        'paymentMethod.paymentMethodId',
        `names no payment method: ${input.paymentMethod.paymentMethodId}`,
      );
    }
    await beginCartChange(db, scope, { paymentMethodId: method.id });
    await recordImpersonationAction(txCtx, {
      kind: 'Cart.SetPayment',
      summary: `Set the payment method to ${method.name}`,
      details: { cartId: input.cartId, paymentMethodId: method.id },
    });
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
  const fields: CartFieldChanges = {};
  if (input.comment !== undefined) fields.comment = input.comment || null;
  if (input.reference !== undefined) fields.reference = input.reference || null;
  return inTransaction(ctx, async (txCtx) => {
    const { db } = txCtx;
    await beginCartChange(db, scope, fields);
    const changes = [
      ...(fields.reference === undefined ? [] : [describeFieldChange('reference', fields.reference)]),
      ...(fields.comment === undefined ? [] : [describeFieldChange('comment', fields.comment)]),
    ];
    if (changes.length > 0) {
      await recordImpersonationAction(txCtx, {
        kind: 'Cart.SetOrderFields',
        summary: changes.join('; '),
        details: { cartId: input.cartId, ...fields },
      });
    }
    return { cart: await loadCart(db, scope) };
  });
}

function describeFieldChange(field: 'reference' | 'comment', value: string | null): string {
  return value === null ? `Cleared the ${field}` : `Set the ${field} to ${value}`;
}
