import { MAX_COMMENT_LENGTH, MAX_REFERENCE_LENGTH } from '@b2b/contract/constants';

export type CheckoutValues = {
  addressId: string;
  shippingMethodId: string;
  paymentMethodId: string;
  comment: string;
  reference: string;
  idempotencyKey: string;
};

export type CheckoutFieldErrors = Partial<Record<keyof CheckoutValues, string>>;

export const CHECKOUT_MESSAGES = {
  address: 'Choose a ship-to address.',
  shippingMethod: 'Choose a shipping method.',
  paymentMethod: 'Choose a payment method.',
  comment: `The comment can be at most ${MAX_COMMENT_LENGTH} characters.`,
  reference: `The reference can be at most ${MAX_REFERENCE_LENGTH} characters.`,
  idempotencyKey: 'Reload the page and try again.',
  summary: 'Please check the highlighted fields.',
} as const;

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The place-order form, checked against what checkout offered (addresses, shipping and payment methods). The same
 * rules as the API's (spec §5 lengths), so a person sees the problem next to the field.
 */
export function parseCheckoutForm(
  form: FormData,
  offered: { addressIds: readonly string[]; shippingMethodIds: readonly string[]; paymentMethodIds: readonly string[] },
): { ok: true; values: CheckoutValues } | { ok: false; fieldErrors: CheckoutFieldErrors } {
  const values: CheckoutValues = {
    addressId: text(form, 'addressId'),
    shippingMethodId: text(form, 'shippingMethodId'),
    paymentMethodId: text(form, 'paymentMethodId'),
    comment: text(form, 'comment'),
    reference: text(form, 'reference'),
    idempotencyKey: text(form, 'idempotencyKey'),
  };
  const fieldErrors: CheckoutFieldErrors = {};
  if (!offered.addressIds.includes(values.addressId)) fieldErrors.addressId = CHECKOUT_MESSAGES.address;
  if (!offered.shippingMethodIds.includes(values.shippingMethodId))
    fieldErrors.shippingMethodId = CHECKOUT_MESSAGES.shippingMethod;
  if (!offered.paymentMethodIds.includes(values.paymentMethodId))
    fieldErrors.paymentMethodId = CHECKOUT_MESSAGES.paymentMethod;
  if (values.comment.length > MAX_COMMENT_LENGTH) fieldErrors.comment = CHECKOUT_MESSAGES.comment;
  if (values.reference.length > MAX_REFERENCE_LENGTH) fieldErrors.reference = CHECKOUT_MESSAGES.reference;
  if (!IDEMPOTENCY_KEY.test(values.idempotencyKey)) fieldErrors.idempotencyKey = CHECKOUT_MESSAGES.idempotencyKey;
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, values };
}
