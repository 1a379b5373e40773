import { z } from 'zod';
import { areaInfoSchema, currencyCodeSchema, productIdSchema } from './common.ts';
import { MAX_LOOKUP_IDS } from './constants.ts';

/** Two upper-case letters (ISO 3166-1 alpha-2), e.g. DK, US. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be two upper-case letters (ISO 3166-1 alpha-2)')
  .describe('Country code, ISO 3166-1 alpha-2 (e.g. DK, US).');

/** A ship-to address of the customer (spec §3 Cart: shipping address; §7 GetAddresses). */
export const customerAddressSchema = z.object({
  addressId: z.uuid().describe('Id of the address; pass it back when choosing the ship-to address.'),
  name: z.string().describe('Name of the receiving site, e.g. "Main warehouse".'),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryCode: countryCodeSchema,
  isDefault: z.boolean().describe('The address checkout preselects.'),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

/** POST /api/Customer/GetAddresses and GetCreditStatus: about the customer the caller acts for; the area only. */
export const customerAreaBody = z.object({ area: areaInfoSchema }).strict();

export const getAddressesResponse = z.object({
  addresses: z
    .array(customerAddressSchema)
    .describe("The customer's ship-to addresses, the default one first, then by name."),
});
export type GetAddressesResponse = z.infer<typeof getAddressesResponse>;

/** POST /api/Customer/GetUsualQuantities: how much of these products the customer usually orders on a line. */
export const getUsualQuantitiesBody = z
  .object({
    area: areaInfoSchema,
    productIds: z
      .array(productIdSchema)
      .min(1, 'must hold at least one product id')
      .max(MAX_LOOKUP_IDS)
      .describe('Product item numbers (not variant numbers): what is usual is counted over all variants.'),
  })
  .strict();

export const usualQuantitySchema = z.object({
  productId: productIdSchema,
  orderedLineCount: z
    .number()
    .int()
    .describe("Lines of the product in the customer's orders (cancelled orders left out), one per variant ordered."),
  usualQuantity: z
    .number()
    .int()
    .nullable()
    .describe('The median quantity of those lines: what the customer usually orders at once; null when never ordered.'),
  largestQuantity: z.number().int().nullable().describe('The largest of those lines; null when never ordered.'),
  maxLineQuantity: z.number().int().describe("The product's line limit (as on the product)."),
  confirmAbove: z
    .number()
    .int()
    .describe(
      'A line quantity above this is far above what the customer usually orders: the storefront asks before adding ' +
        'it (ADR 019). Never below the usual or largest quantity, never above the line limit.',
    ),
});
export type UsualQuantity = z.infer<typeof usualQuantitySchema>;

export const getUsualQuantitiesResponse = z.object({
  items: z.array(usualQuantitySchema).describe('One per known product, in the order asked; unknown ids are left out.'),
});
export type GetUsualQuantitiesResponse = z.infer<typeof getUsualQuantitiesResponse>;

/** POST /api/Customer/GetCreditStatus: what the customer may still buy on account (ADR 019). */
export const getCreditStatusResponse = z.object({
  currencyCode: currencyCodeSchema.describe("The customer's currency: the limit's and every amount's."),
  creditLimit: z
    .number()
    .nullable()
    .describe('Most the customer may owe on account; null: no limit (then `available` is null too).'),
  openBalance: z
    .number()
    .describe("Unpaid invoices less their credit memos, with VAT: the statement of account's open balance."),
  openInvoiceCount: z.number().int(),
  uninvoicedOrders: z.number().describe('Orders placed on account and not yet invoiced, with VAT.'),
  uninvoicedOrderCount: z.number().int(),
  available: z
    .number()
    .nullable()
    .describe(
      'creditLimit − openBalance − uninvoicedOrders, never below 0: the most an order paid on account may total ' +
        '(with VAT); null without a limit.',
    ),
});
export type GetCreditStatusResponse = z.infer<typeof getCreditStatusResponse>;
