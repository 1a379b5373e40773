import { MAX_REFERENCE_LENGTH } from '@b2b/contract/constants';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, parseCheckoutForm } from './checkout-form.ts';

const OFFERED = { addressIds: ['addr-1', 'addr-2'], shippingMethodIds: ['standard'], paymentMethodIds: ['invoice'] };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const VALID = {
  addressId: 'addr-2',
  shippingMethodId: 'standard',
  paymentMethodId: 'invoice',
  comment: ' Leave at gate 3 ',
  reference: 'PO-4711',
  idempotencyKey: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
};

describe('checkout form', () => {
  it('accepts offered choices and trims the texts', () => {
    expect(parseCheckoutForm(form(VALID), OFFERED)).toEqual({
      ok: true,
      values: { ...VALID, comment: 'Leave at gate 3' },
    });
  });

  it('names every choice that was not offered', () => {
    const result = parseCheckoutForm(
      form({ ...VALID, addressId: 'someone-elses', shippingMethodId: '', paymentMethodId: 'card' }),
      OFFERED,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        addressId: CHECKOUT_MESSAGES.address,
        shippingMethodId: CHECKOUT_MESSAGES.shippingMethod,
        paymentMethodId: CHECKOUT_MESSAGES.paymentMethod,
      },
    });
  });

  it('limits the reference (PO number) and requires the idempotency key', () => {
    const result = parseCheckoutForm(
      form({ ...VALID, reference: 'x'.repeat(MAX_REFERENCE_LENGTH + 1), idempotencyKey: '' }),
      OFFERED,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(['idempotencyKey', 'reference']);
  });
});
