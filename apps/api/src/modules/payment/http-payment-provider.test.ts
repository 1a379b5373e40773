import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaymentProviderDouble,
  startPaymentProviderDouble,
} from '../../../test/support/payment-provider-double.ts';
import { createHttpPaymentProvider } from './http-payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';

let double: PaymentProviderDouble;

beforeAll(async () => {
  double = await startPaymentProviderDouble();
});
afterAll(async () => {
  await double?.close();
});

describe('createHttpPaymentProvider (against a local double of the provider HTTP API)', () => {
  it('creates an intent with the secret and our reference as idempotency key, then reads it back', async () => {
    const provider = createHttpPaymentProvider({ baseUrl: `${double.url}/`, secret: double.secret });
    const created = await provider.createIntent({
      amountMinor: 12_345,
      currencyCode: 'EUR',
      reference: 'ref-1',
      returnUrl: 'http://shop.test/return',
    });
    expect(created).toMatchObject({ status: 'Pending', amountMinor: 12_345, currencyCode: 'EUR', reference: 'ref-1' });
    expect(created.redirectUrl).toBe(`${double.url}/pay/${created.providerPaymentId}`);
    expect(double.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment-intents',
      authorization: `Bearer ${double.secret}`,
      idempotencyKey: 'ref-1',
    });

    // A retry with the same reference gets the same intent (no double charge).
    const again = await provider.createIntent({
      amountMinor: 12_345,
      currencyCode: 'EUR',
      reference: 'ref-1',
      returnUrl: 'http://shop.test/return',
    });
    expect(again.providerPaymentId).toBe(created.providerPaymentId);

    double.settle(created.providerPaymentId, 'succeeded');
    expect((await provider.getPayment(created.providerPaymentId)).status).toBe('Succeeded');
    double.settle(created.providerPaymentId, 'canceled');
    expect((await provider.getPayment(created.providerPaymentId)).status).toBe('Canceled');
  });

  it('turns refusals, unknown payments, a wrong secret and an unreachable provider into PaymentProviderError', async () => {
    const provider = createHttpPaymentProvider({ baseUrl: double.url, secret: double.secret });
    await expect(provider.getPayment('pi_nope')).rejects.toThrow(PaymentProviderError);
    double.failNext(503);
    await expect(provider.getPayment('pi_any')).rejects.toThrow(/503/);

    const wrongSecret = createHttpPaymentProvider({ baseUrl: double.url, secret: 'wrong-secret' });
    await expect(
      wrongSecret.createIntent({ amountMinor: 100, currencyCode: 'EUR', reference: 'r', returnUrl: 'http://x' }),
    ).rejects.toThrow(/401/);

    const unreachable = createHttpPaymentProvider({ baseUrl: 'http://127.0.0.1:9', secret: 's', timeoutMs: 2000 });
    await expect(unreachable.getPayment('pi_1')).rejects.toThrow(/unreachable/);
  });
});
