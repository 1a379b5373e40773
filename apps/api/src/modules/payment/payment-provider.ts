/**
 * The extension point for card payments (conventions: an interface plus one default implementation). The payment
 * services talk to this interface only; `http-payment-provider.ts` is the one adapter, for a card provider's HTTP
 * API. Amounts are integer minor units. A provider failure (unreachable, refused, nonsense) is a
 * PaymentProviderError, which the services turn into a 502 PaymentProviderException.
 */
import type { PaymentStatus } from '@b2b/contract';

/** A payment as the provider sees it. */
export type ProviderPayment = {
  /** The provider's id of the payment (never shown to the browser as ours). */
  providerPaymentId: string;
  status: PaymentStatus;
  amountMinor: number;
  currencyCode: string;
  /** Our reference given at creation (our payment id). */
  reference: string;
  /** The provider's page the buyer must visit while the payment is pending, if any. */
  redirectUrl: string | null;
};

export type CreateIntentInput = {
  amountMinor: number;
  currencyCode: string;
  /** Our payment id: the provider echoes it and uses it as the idempotency key, so a retry never charges twice. */
  reference: string;
  /** Where the provider sends the browser when the buyer is done (VerifyPaymentRedirect). */
  returnUrl: string;
};

export interface PaymentProvider {
  /** Short name stored with each payment, e.g. `http`. */
  readonly name: string;
  /** Starts a card payment of the amount; pending until the buyer completes it at `redirectUrl`. */
  createIntent(input: CreateIntentInput): Promise<ProviderPayment>;
  /** The provider's current view of a payment: the only source of truth for its status. */
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
