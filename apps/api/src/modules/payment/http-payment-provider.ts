/**
 * The card payment provider adapter for an HTTP API of this shape (the test double in
 * test/support/payment-provider-double.ts implements the same):
 *
 * - `POST {base}/v1/payment-intents` with `Authorization: Bearer <secret>`, `Idempotency-Key: <reference>` and
 *   `{ amount, currency, reference, returnUrl }` (amount in minor units) → `{ id, status, amount, currency,
 *   reference, redirectUrl }`
 * - `GET {base}/v1/payment-intents/{id}` → the same object.
 *
 * Provider statuses `requires_action` and `processing` are our Pending; `succeeded`, `failed`, `canceled` map 1:1.
 */
import type { PaymentStatus } from '@b2b/contract';
import { z } from 'zod';
import {
  type CreateIntentInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from './payment-provider.ts';

/** The provider is asked with a deadline so a hanging provider cannot hold a checkout request for long. */
export const PAYMENT_PROVIDER_TIMEOUT_MS = 10_000;

const PROVIDER_STATUSES: Record<string, PaymentStatus> = {
  requires_action: 'Pending',
  processing: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  canceled: 'Canceled',
};

const providerPaymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(Object.keys(PROVIDER_STATUSES) as [string, ...string[]]),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3),
  reference: z.string(),
  redirectUrl: z.string().nullish(),
});

export type HttpPaymentProviderOptions = {
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
};

export function createHttpPaymentProvider(options: HttpPaymentProviderOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? PAYMENT_PROVIDER_TIMEOUT_MS;

  async function call(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string) {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secret}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`payment provider unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new PaymentProviderError(`payment provider answered ${response.status} to ${method} ${path}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`payment provider sent no JSON to ${method} ${path}`);
    }
    const parsed = providerPaymentSchema.safeParse(json);
    if (!parsed.success)
      throw new PaymentProviderError(`payment provider sent an unexpected body to ${method} ${path}`);
    const payment = parsed.data;
    return {
      providerPaymentId: payment.id,
      status: PROVIDER_STATUSES[payment.status] ?? 'Pending',
      amountMinor: payment.amount,
      currencyCode: payment.currency.toUpperCase(),
      reference: payment.reference,
      redirectUrl: payment.redirectUrl ?? null,
    } satisfies ProviderPayment;
  }

  return {
    name: 'http',
    createIntent: (input: CreateIntentInput) =>
      call(
        'POST',
        '/v1/payment-intents',
        {
          amount: input.amountMinor,
          currency: input.currencyCode,
          reference: input.reference,
          returnUrl: input.returnUrl,
        },
        input.reference,
      ),
    getPayment: (providerPaymentId: string) =>
      call('GET', `/v1/payment-intents/${encodeURIComponent(providerPaymentId)}`),
  };
}
