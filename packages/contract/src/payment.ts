import { z } from 'zod';
import { areaIdSchema, areaInfoSchema, currencyCodeSchema } from './common.ts';

/**
 * How an order is paid. `Invoice` (payment on account) is the B2B default and needs nothing at checkout; `Card` goes
 * through the configured card payment provider (offered only when one is configured).
 */
export const PAYMENT_METHOD_KINDS = ['Invoice', 'Card'] as const;
export const paymentMethodKindSchema = z.enum(PAYMENT_METHOD_KINDS);
export type PaymentMethodKind = z.infer<typeof paymentMethodKindSchema>;

export const paymentMethodSchema = z.object({
  paymentMethodId: z.string().describe('Id of the method; pass it to SetPayment (e.g. `invoice`, `card`).'),
  name: z.string().describe('Name shown at checkout.'),
  kind: paymentMethodKindSchema,
  isDefault: z.boolean().describe('The method checkout preselects (payment on account).'),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** POST /api/Payment/GetPaymentMethods */
export const getPaymentMethodsBody = z.object({ area: areaInfoSchema }).strict();

export const getPaymentMethodsResponse = z.object({
  paymentMethods: z.array(paymentMethodSchema).describe('The default (payment on account) first.'),
});
export type GetPaymentMethodsResponse = z.infer<typeof getPaymentMethodsResponse>;

export const PAYMENT_STATUSES = ['Pending', 'Succeeded', 'Failed', 'Canceled'] as const;
export const paymentStatusSchema = z
  .enum(PAYMENT_STATUSES)
  .describe('Pending until the provider reports the card payment as succeeded, failed or canceled.');
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** POST /api/Payment/CreatePaymentIntent: starts a card payment of the cart's total, priced on the server. */
export const createPaymentIntentBody = z
  .object({
    area: areaInfoSchema,
    cartId: z.uuid().describe("Id of the caller's cart to pay."),
  })
  .strict();

export const orderReferenceSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string().describe('Order number readable by people, e.g. SO-000123.'),
});

/** A card payment: the answer of CreatePaymentIntent and VerifyPayment. */
export const paymentSchema = z.object({
  paymentId: z.uuid().describe('Our id of the payment (not the provider’s).'),
  cartId: z.uuid(),
  status: paymentStatusSchema,
  amount: z.number().describe('Amount charged including VAT, in major units, exact to the cent.'),
  currencyCode: currencyCodeSchema,
  redirectUrl: z
    .string()
    .nullable()
    .describe("The provider's payment page to send the browser to while the payment is pending."),
  order: orderReferenceSchema.nullable().describe('The order placed once the payment has succeeded.'),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET|POST /api/Payment/VerifyPayment/{area}/{paymentId} and VerifyPaymentRedirect/{area}/{paymentId}. */
export const verifyPaymentParams = z
  .object({
    // An empty path segment counts as missing (spec §5: "The parameter … must be defined and cannot be null.").
    area: z.preprocess(emptyToUndefined, areaIdSchema),
    paymentId: z.preprocess(
      emptyToUndefined,
      z.uuid().describe('Our id of the payment, as returned by CreatePaymentIntent.'),
    ),
  })
  .strict();

function emptyToUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}
