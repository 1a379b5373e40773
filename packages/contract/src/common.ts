import { z } from 'zod';
import { AREA_IDS, DEFAULT_UNIT_OF_MEASURE } from './constants.ts';
import { VAT_TREATMENTS } from './vat-rules.ts';

/** Area ids of spec §1. */
export const areaIdSchema = z.enum(AREA_IDS).describe('Sales area id: `us` or `eu`.');

/** ISO 4217-like currency code; `XNOK` is a real customer currency shown as NOK (spec §1). */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3,4}$/, 'must be 3 or 4 upper-case letters')
  .describe('Currency code, e.g. EUR, USD or XNOK.');

export const languageCodeSchema = z
  .string()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must look like en-GB')
  .describe('Language code, always en-GB here (spec §1).');

/** AreaInfo as sent in request bodies (spec §3). */
export const areaInfoSchema = z
  .object({
    areaId: areaIdSchema,
    languageCode: languageCodeSchema,
    currencyCode: currencyCodeSchema,
  })
  .strict()
  .describe('The sales area the caller works in.');
export type AreaInfo = z.infer<typeof areaInfoSchema>;

/**
 * AreaInfo as sent in query strings: `Area.AreaId`, `Area.LanguageCode`, `Area.CurrencyCode` (spec §7).
 * Built by a function because some calls use the prefix `AreaInfo.` instead.
 */
export function areaQueryShape<P extends 'Area' | 'AreaInfo'>(prefix: P) {
  return {
    [`${prefix}.AreaId`]: areaIdSchema,
    [`${prefix}.LanguageCode`]: languageCodeSchema,
    [`${prefix}.CurrencyCode`]: currencyCodeSchema,
  } as {
    [K in `${P}.AreaId`]: typeof areaIdSchema;
  } & { [K in `${P}.LanguageCode`]: typeof languageCodeSchema } & {
    [K in `${P}.CurrencyCode`]: typeof currencyCodeSchema;
  };
}

export const productIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be an item number (letters, digits, dot, dash, underscore)')
  .describe('Item number of a product or variant.');

/** Product key of spec §3. */
export const productKeySchema = z
  .object({
    productId: productIdSchema,
    variantId: productIdSchema.nullish().describe('Variant item number, when the price or line is for a variant.'),
    unitOfMeasure: z
      .string()
      .min(1)
      .max(16)
      .default(DEFAULT_UNIT_OF_MEASURE)
      .describe('Unit of measure (spec §9: STK).'),
  })
  .strict();
export type ProductKey = z.infer<typeof productKeySchema>;

/** An amount with and without VAT, in major units of the currency (exact to the cent). */
export const moneySchema = z
  .object({
    priceWithVat: z.number().describe('Amount including VAT.'),
    priceWithoutVat: z.number().describe('Amount excluding VAT: what the shop shows (spec §1).'),
  })
  .strict();
export type Money = z.infer<typeof moneySchema>;

/**
 * The VAT a cart, order, invoice or credit memo carries (ADR 018): how the sale is taxed, at which rate, the label of
 * its VAT row and the legal note the document prints. VAT is computed once on the total excl. VAT.
 */
export const vatSchema = z
  .object({
    treatment: z
      .enum(VAT_TREATMENTS)
      .describe(
        '`domestic` (the seller’s rate), `reverse-charge` (an EU business in another member state with its VAT ' +
          'number, 0 %), `export` (a customer outside the EU, 0 %) or `no-vat` (the USA area).',
      ),
    ratePercent: z.number().describe('The VAT rate applied, in percent: 25, or 0.'),
    label: z.string().describe('The VAT row as documents show it: `VAT 25 %`, `VAT 0 % — reverse charge`, `No VAT`.'),
    note: z
      .string()
      .nullable()
      .describe('The note the document carries (the legal ground of a 0 % rate, or why VAT applies); null when none.'),
    customerVatNumber: z.string().nullable().describe('The customer’s VAT number as recorded; null when it has none.'),
  })
  .strict();
export type Vat = z.infer<typeof vatSchema>;

export const sortDirectionSchema = z.enum(['Ascending', 'Descending']);

/**
 * A whole number from the query string that must be given (spec §5: paged lists' pageSize and pageNr). An absent or
 * empty one stays undefined, so it answers "The parameter … must be defined and cannot be null."; text that is no
 * number answers "expected number".
 */
export function requiredQueryInteger(min: number, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : Number(value)),
    z.number().int().min(min).max(max),
  );
}

/**
 * The request header that makes a non-idempotent POST safe to retry (CreateOrderByCartId, SendForm): the same key
 * always answers with what its first call made, and makes nothing new (an order's key is the customer's own; a form's
 * is unique across the shop).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(200, 'must be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
