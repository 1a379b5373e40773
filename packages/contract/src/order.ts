import { z } from 'zod';
import { pricedCampaignSchema } from './campaign.ts';
import {
  calculatedCartLineSchema,
  cartIdSchema,
  cartPaymentMethodSchema,
  cartShippingAddressSchema,
  cartShippingMethodSchema,
} from './cart.ts';
import {
  areaInfoSchema,
  currencyCodeSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  moneySchema,
  vatSchema,
} from './common.ts';
import { ORDER_STATUSES } from './constants.ts';
import { orderAssistanceSchema } from './impersonation.ts';
import { paymentMethodKindSchema } from './payment.ts';

/** Order numbers readable by people: `SO-` and at least six digits from a sequence (SO-000123). */
export const orderNumberSchema = z.string().regex(/^SO-\d{6,}$/, 'must look like SO-000123');

export const orderStatusSchema = z
  .enum(ORDER_STATUSES)
  .describe('Placed (received) when created; the back office moves it on with UpdateOrderState (ADR 014).');

/**
 * An order line: the calculated cart line as it was when the order was placed (prices and availability frozen).
 * `isBackorder` lines ship the missing quantity later (B2B orders are accepted beyond stock).
 */
export const orderLineSchema = calculatedCartLineSchema.omit({ campaign: true }).extend({
  campaign: pricedCampaignSchema.nullable().describe('The campaign and level that priced the line when placed.'),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Order of spec §3: totals, shipping method and lines, plus what checkout recorded. */
export const orderSchema = z.object({
  orderId: z.uuid().describe('Id of the order (random, not guessable).'),
  orderNumber: orderNumberSchema.describe('Readable order number, e.g. SO-000123.'),
  cartId: cartIdSchema.describe('The cart the order was placed from.'),
  status: orderStatusSchema,
  placedAt: z.iso.datetime({ offset: true }),
  currencyCode: currencyCodeSchema,
  lines: z.array(orderLineSchema),
  shippingMethod: cartShippingMethodSchema.nullable().describe('The chosen method with its fee when placed.'),
  shippingAddress: cartShippingAddressSchema.nullable(),
  paymentMethod: cartPaymentMethodSchema.extend({ kind: paymentMethodKindSchema }),
  comment: z.string().nullable(),
  reference: z.string().nullable().describe("The customer's reference (e.g. PO number)."),
  discount: moneySchema.describe(
    "What the price agreement and the campaigns saved against list prices (a line's campaign says its part).",
  ),
  shippingFee: moneySchema,
  totalNetPrice: z.number().describe('Total excluding VAT (lines and shipping fee), in major units.'),
  totalPrice: moneySchema.describe('Total with and without VAT.'),
  vat: vatSchema.describe('The VAT of the order as placed (ADR 018): it stays as it was when the order was placed.'),
  isBackorder: z.boolean().describe('True when any line is backordered.'),
  assistedBy: orderAssistanceSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/Order/CreateOrderByCartId (header Idempotency-Key optional) and GetOrderByCartId: one cart, one order. */
export const orderByCartIdBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema.describe("Id of the caller's cart; a cart becomes at most one order."),
  })
  .strict();

/**
 * POST /api/Order/CreateOrderByCartId. `cartVersion`: the version of the cart the buyer reviewed; a cart changed since
 * (a line added in another tab) answers 409 CartHasBeenModifiedException and places nothing (ADR 035). A replay of an
 * order placed before answers that order whatever the version.
 */
export const createOrderByCartIdBody = orderByCartIdBody
  .extend({
    cartVersion: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The cart version the buyer reviewed; a different current version answers 409 CartHasBeenModified.'),
  })
  .strict();

/** Only the Idempotency-Key is read; the other headers pass through untouched. */
export const createOrderByCartIdHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema
    .optional()
    .describe('Idempotency-Key header: retries with the same key return the same order.'),
});

export const createOrderByCartIdResponse = z.object({
  order: orderSchema,
  isNew: z.boolean().describe('False when an earlier call already placed this order (idempotent replay).'),
});
export type CreateOrderByCartIdResponse = z.infer<typeof createOrderByCartIdResponse>;

/** POST /api/Order/GetOrderByCartId: 404 when the cart has no order or is not the caller's customer's. */
export const getOrderByCartIdResponse = z.object({ order: orderSchema });
export type GetOrderByCartIdResponse = z.infer<typeof getOrderByCartIdResponse>;
