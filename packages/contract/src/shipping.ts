import { z } from 'zod';
import { areaIdSchema, areaInfoSchema, areaQueryShape, currencyCodeSchema, moneySchema } from './common.ts';
import { countryCodeSchema } from './customer.ts';

/** A shipping method the customer may choose at checkout, with its fee in the customer's currency. */
export const shippingMethodOptionSchema = z.object({
  shippingMethodId: z.string().describe('Id of the method; pass it to SetShipping.'),
  name: z.string().describe('Name shown at checkout, e.g. "Standard freight".'),
  description: z.string().describe('Delivery time or other note, e.g. "2–4 working days".'),
  fee: moneySchema.describe(
    "Fee in the customer's currency, with and without the customer's VAT (ADR 018); for the cart asked about, the fee it pays.",
  ),
  freeAbove: z
    .number()
    .nullable()
    .describe('Goods total (without VAT) from which the method is free for a cart; null when never free.'),
  currencyCode: currencyCodeSchema,
});
export type ShippingMethodOption = z.infer<typeof shippingMethodOptionSchema>;

/** POST /api/Shipping/GetShippingMethods: methods of the area that ship to the country. */
export const getShippingMethodsBody = z
  .object({
    area: areaInfoSchema,
    countryCode: countryCodeSchema.describe('Country of the ship-to address.'),
    cartId: z
      .uuid()
      .optional()
      .describe(
        "A cart of the customer: each fee is then the one CalculateCart charges that cart (free from `freeAbove`); without it the method's own fee.",
      ),
  })
  .strict();

export const getShippingMethodsResponse = z.object({
  shippingMethods: z.array(shippingMethodOptionSchema).describe('Cheapest first; empty when none ships there.'),
  currencyCode: currencyCodeSchema.describe("The customer's currency (spec §1), in which the fees are given."),
});
export type GetShippingMethodsResponse = z.infer<typeof getShippingMethodsResponse>;

/** GET /api/Shipping/GetShippingCountries?AreaInfo.AreaId&AreaInfo.LanguageCode&AreaInfo.CurrencyCode (spec §5: all required). */
export const getShippingCountriesQuery = z.object(areaQueryShape('AreaInfo')).strict();

export const shippingCountrySchema = z.object({
  countryCode: countryCodeSchema,
  name: z.string().describe('English name of the country.'),
});

export const getShippingCountriesResponse = z.object({
  countries: z.array(shippingCountrySchema).describe('Countries the area ships to, by name.'),
});
export type GetShippingCountriesResponse = z.infer<typeof getShippingCountriesResponse>;

/**
 * GET /api/Shipping/GetOrderTerms?AreaInfo.AreaId&AreaInfo.LanguageCode&AreaInfo.CurrencyCode: what an order costs
 * besides its goods, for an area and a currency.
 */
export const getOrderTermsQuery = z.object(areaQueryShape('AreaInfo')).strict();

/** A shipping method of the area with its fee in the currency asked about (no destination: every method). */
export const orderTermsShippingMethodSchema = z.object({
  shippingMethodId: z.string().describe('Id of the method, as GetShippingMethods and SetShipping name it.'),
  name: z.string().describe('Name shown at checkout, e.g. "Standard freight".'),
  description: z.string().describe('Delivery time or other note, e.g. "2–4 working days".'),
  fee: z.number().describe('Fee per order without VAT, in major units; 0 when the method is free.'),
  freeAbove: z
    .number()
    .nullable()
    .describe('Goods total (without VAT) from which the method is free for a cart; null when never free.'),
});

/** The small-order surcharge rule of a currency (ADR 007: a Generated line of the calculated cart). */
export const smallOrderSurchargeRuleSchema = z.object({
  below: z.number().describe('Goods (without VAT, after discounts) below this amount, but above 0, pay the surcharge.'),
  fee: z.number().describe('The surcharge without VAT, in major units.'),
});

export const getOrderTermsResponse = z.object({
  areaId: areaIdSchema,
  currencyCode: currencyCodeSchema.describe('The currency asked about, in which every amount is given.'),
  smallOrderSurcharge: smallOrderSurchargeRuleSchema
    .nullable()
    .describe('The rule CalculateCart applies in this currency; null when orders in it pay none.'),
  freeFreightFrom: z
    .number()
    .nullable()
    .describe("The lowest `freeAbove` of the area's methods: from this goods total a cart can ship free; null: never."),
  shippingMethods: z
    .array(orderTermsShippingMethodSchema)
    .describe("The area's active methods that have a fee in the currency, in the shop's order."),
});
export type GetOrderTermsResponse = z.infer<typeof getOrderTermsResponse>;
