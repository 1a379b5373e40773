import { z } from 'zod';
import { currencyCodeSchema, moneySchema, productIdSchema, productKeySchema } from './common.ts';
import { MAX_LOOKUP_IDS } from './constants.ts';

/** POST /api/Price/GetPrices: the caller's customer's prices; anonymous callers get 401. */
export const getPricesBody = z
  .object({
    currencyCode: currencyCodeSchema,
    products: z.array(productKeySchema).min(1, 'must hold at least one product key').max(MAX_LOOKUP_IDS),
  })
  .strict();
export type GetPricesBody = z.input<typeof getPricesBody>;

/** Price of spec §3. Amounts are in major units, exact to the cent. */
export const priceSchema = z.object({
  productId: productIdSchema,
  variantId: productIdSchema.nullable(),
  unitOfMeasure: z.string(),
  unitPrice: moneySchema.describe('List price per unit.'),
  netUnitPrice: moneySchema.describe("The customer's net price per unit (their price group)."),
  beforePrice: z.number().nullable().describe('Earlier list price excluding VAT, when the product is reduced.'),
  currencyCode: currencyCodeSchema,
});
export type Price = z.infer<typeof priceSchema>;

export const getPricesResponse = z.object({
  prices: z.array(priceSchema).describe('One per requested key that has a price; keys without a price are left out.'),
  currencyCode: currencyCodeSchema,
});
export type GetPricesResponse = z.infer<typeof getPricesResponse>;
