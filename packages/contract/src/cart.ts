/**
 * Cart calls of spec §7 (paths under /api/Cart/) and the cart, cart line and calculated cart of spec §3.
 * Every request object is `.strict()`: a client cannot send a price (prices are calculated on the server only).
 * Amounts are major-unit numbers exact to the cent (the server computes them in integer minor units).
 */
import { z } from 'zod';
import { cartLineCampaignSchema } from './campaign.ts';
import { areaInfoSchema, currencyCodeSchema, moneySchema, productKeySchema, vatSchema } from './common.ts';
import {
  DEFAULT_SHIP_TO_COUNTRY_CODE,
  MAX_COMMENT_LENGTH,
  MAX_LINE_QUANTITY,
  MAX_REFERENCE_LENGTH,
} from './constants.ts';

/** Most lines one AddOrUpdateLines or DeleteLines call may carry. */
export const MAX_LINES_PER_REQUEST = 200;
/** Most lines a cart may hold (product lines, sub-lines not counted). */
export const MAX_CART_LINES = 500;
/** GetCartsBySearch page size bounds. */
export const DEFAULT_CART_SEARCH_TAKE = 20;
export const MAX_CART_SEARCH_TAKE = 100;

export const CART_LINE_TYPES = ['Product', 'Generated'] as const;
export const cartLineTypeSchema = z
  .enum(CART_LINE_TYPES)
  .describe('Product: a product the buyer chose (or a component of one). Generated: a charge the server calculates.');

/** `open` until the order is placed (`checked_out`); CreateCart retires the previous open cart as `abandoned`. */
export const CART_STATUSES = ['open', 'checked_out', 'abandoned'] as const;
export const cartStatusSchema = z.enum(CART_STATUSES).describe('open, checked_out (order placed) or abandoned.');

export const cartIdSchema = z.uuid().describe('Id of the cart (random, not guessable).');
export const cartLineIdSchema = z.uuid().describe('Id of a cart line.');

/** A signed change of quantity in a request: integers only, bounded so an absurd value answers 400. */
const requestQuantitySchema = z
  .number()
  .int('must be a whole number')
  .min(-MAX_LINE_QUANTITY, `must be at least -${MAX_LINE_QUANTITY}`)
  .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`);

const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be two upper-case letters (ISO 3166-1 alpha-2)')
  .describe('Country code, ISO 3166-1 alpha-2 (e.g. DK, US).');

// ---------------------------------------------------------------------------------------------------------------
// Responses

/** The ship-to address chosen for the cart: a copy of one of the customer's addresses (GetAddresses). */
export const cartShippingAddressSchema = z.object({
  addressId: z.uuid().describe("Id of the customer's address it was copied from."),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryCode: countryCodeSchema,
});

export const cartShippingMethodSchema = z.object({
  shippingMethodId: z.string().describe('Id of the method (GetShippingMethods).'),
  name: z.string(),
  fee: moneySchema.describe("The method's fee for this cart in its currency (0 when the cart ships free)."),
});

export const cartPaymentMethodSchema = z.object({
  paymentMethodId: z.string().describe('Id of the method (GetPaymentMethods), e.g. `invoice`.'),
  name: z.string(),
});

/** Cart line of spec §3. Prices are null in plain cart responses; CalculateCart fills them. */
export const cartLineSchema = z.object({
  id: cartLineIdSchema,
  type: cartLineTypeSchema,
  parentId: cartLineIdSchema
    .nullable()
    .describe('The parent line of a sub-line (a component of a bundle product; spec §3: sub-lines are products).'),
  productKey: productKeySchema,
  name: z.string().describe('Product name (or the name of a generated charge).'),
  quantity: z.number().int().describe('Ordered quantity (a sub-line: parent quantity × quantity per bundle).'),
  netLinePrice: moneySchema.nullable().describe("The customer's net unit price × quantity; null until calculated."),
  linePrice: moneySchema.nullable().describe('List unit price × quantity; null until calculated.'),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Cart of spec §3. */
export const cartSchema = z.object({
  cartId: cartIdSchema,
  version: z
    .number()
    .int()
    .describe('Raised by every change; send it to CalculateCart to learn whether the cart changed meanwhile.'),
  status: cartStatusSchema,
  currencyCode: currencyCodeSchema.describe("The customer's currency (spec §1)."),
  lines: z.array(cartLineSchema).describe('In the order they were added; a sub-line follows its parent.'),
  shippingMethod: cartShippingMethodSchema.nullable(),
  shippingAddress: cartShippingAddressSchema.nullable(),
  paymentMethod: cartPaymentMethodSchema.nullable(),
  comment: z.string().nullable().describe('Order field: a comment for the order.'),
  reference: z.string().nullable().describe("Order field: the customer's reference, e.g. a PO number."),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Cart = z.infer<typeof cartSchema>;

/** The answer of every call that returns one cart. */
export const cartResponse = z.object({ cart: cartSchema });
export type CartResponse = z.infer<typeof cartResponse>;

/** A calculated line: prices filled, plus availability (spec §3 calculated lines). */
export const calculatedCartLineSchema = cartLineSchema.extend({
  netUnitPrice: moneySchema.describe("The customer's net price per unit (price group, else list price)."),
  unitPrice: moneySchema.describe('List price per unit.'),
  netLinePrice: moneySchema,
  linePrice: moneySchema,
  asgLineItemsAvailCust: z
    .number()
    .int()
    .describe('Quantity available to the customer (on hand − reserved, never below 0).'),
  isBackorder: z.boolean().describe('True when asgLineItemsAvailCust is below the quantity.'),
  campaign: cartLineCampaignSchema
    .nullable()
    .describe(
      'The campaign that applies to the line (the best for the customer when several could, ADR 029), its level and ' +
        'what the next level needs; null when no campaign of the customer holds the product.',
    ),
});
export type CalculatedCartLine = z.infer<typeof calculatedCartLineSchema>;

/**
 * The small-order surcharge rule as this cart meets it (ADR 007; the same rule as GetOrderTerms), so a page can say
 * why the Generated line is there and how to avoid it. Amounts without VAT, in the cart's currency.
 */
export const cartSmallOrderSurchargeSchema = z.object({
  below: z.number().describe('Goods (net, without VAT) below this amount, but above 0, pay the surcharge.'),
  fee: z.number().describe('The surcharge without VAT.'),
  isCharged: z.boolean().describe('The cart pays it now (its Generated line is among the lines).'),
  amountToAvoid: z.number().describe('Goods still to add so that the surcharge falls away; 0 when not charged.'),
});

/** The free-freight threshold of the shipping method the cart is priced with, as this cart meets it. */
export const cartFreeFreightSchema = z.object({
  shippingMethodId: z.string().describe('The method priced (the cart’s, else the first GetShippingMethods lists).'),
  from: z.number().describe('Goods total (net, without VAT) from which the freight is 0.'),
  amountToGo: z.number().describe('Goods still to add for free freight; 0 when reached.'),
});

/** A campaign that ended while the cart was open (issue 27): the cart is repriced without it. */
export const endedCampaignSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  validTo: z.iso.datetime({ offset: true }).describe('When it ended.'),
});

/** Calculated cart of spec §3. totalNetPrice = Σ netLinePrice + shipping fee (without VAT). */
export const calculatedCartSchema = cartSchema.extend({
  lines: z.array(calculatedCartLineSchema).describe('Product lines and sub-lines, then generated lines.'),
  discount: z
    .number()
    .describe(
      'Σ linePrice − Σ netLinePrice without VAT: what the price agreement and the campaigns save against list prices.',
    ),
  discountBreakdown: z
    .object({
      priceAgreement: z.number().describe("What the customer's price group saves against list prices, without VAT."),
      campaigns: z.number().describe("What campaigns take off the customer's net prices, without VAT."),
    })
    .describe('discount = priceAgreement + campaigns, to the cent.'),
  shippingFee: moneySchema.describe("The fee of the cart's (or the default) shipping method for the country."),
  totalNetPrice: z.number().describe('Total excluding VAT: lines (incl. generated) and shipping fee.'),
  totalPrice: moneySchema.describe(
    'Total with and without VAT: VAT is the rate × the total excl. VAT, rounded half up to the cent (ADR 018).',
  ),
  vat: vatSchema.describe("The customer's VAT: treatment, rate, label and note (ADR 018)."),
  shipToCountryCode: countryCodeSchema,
  isBackorder: z.boolean().describe("True when any line's available quantity is below its ordered quantity."),
  usingFallbackStrategy: z
    .boolean()
    .describe(
      "True when a line's net price is the list price because the customer's price group has none, or a product " +
        'has no price at all (then priced 0 and not orderable).',
    ),
  endedCampaigns: z
    .array(endedCampaignSchema)
    .describe(
      "The customer's campaigns holding a product of the cart that ended since the cart was created: its prices no " +
        'longer include them (the cart page says so). Empty when none ended.',
    ),
  smallOrderSurcharge: cartSmallOrderSurchargeSchema
    .nullable()
    .describe("The currency's small-order surcharge and where this cart stands; null when the currency has none."),
  freeFreight: cartFreeFreightSchema
    .nullable()
    .describe("The priced shipping method's free-freight threshold and where this cart stands; null: never free."),
});
export type CalculatedCart = z.infer<typeof calculatedCartSchema>;

export const calculateCartResponse = z.object({
  cart: calculatedCartSchema,
  usingFallbackStrategy: z.boolean().describe('The same as cart.usingFallbackStrategy (spec §7 returns both).'),
});
export type CalculateCartResponse = z.infer<typeof calculateCartResponse>;

export const cartSummarySchema = cartSchema.omit({ lines: true }).extend({
  lineCount: z.number().int().describe('Number of product lines (sub-lines not counted).'),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

export const getCartsBySearchResponse = z.object({
  carts: z.array(cartSummarySchema).describe('Most recently changed first.'),
  total: z.number().int(),
});
export type GetCartsBySearchResponse = z.infer<typeof getCartsBySearchResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** POST GetOrCreateCart, GetLatestCart, CreateCart: area only. */
export const cartAreaBody = z.object({ area: areaInfoSchema }).strict();

/** POST GetCartById; DELETE EmptyCart. */
export const cartByIdBody = z.object({ area: areaInfoSchema, cartId: cartIdSchema }).strict();

/**
 * DELETE EmptyCart. Emptying removes lines the client may never have shown (added meanwhile in another tab or by a
 * sales rep), so a client that shows the cart sends the version it shows: a different current version answers 409
 * CartHasBeenModifiedException and nothing is removed (ADR 035).
 */
export const emptyCartBody = cartByIdBody
  .extend({
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The cart version the client shows; a different current version answers 409 CartHasBeenModified.'),
  })
  .strict();

/** POST GetCartsBySearch: the customer's carts, newest change first. */
export const getCartsBySearchBody = z
  .object({
    area: areaInfoSchema,
    status: cartStatusSchema.optional().describe('Only carts in this status.'),
    skip: z.number().int().min(0).max(100_000).default(0),
    take: z.number().int().min(1).max(MAX_CART_SEARCH_TAKE).default(DEFAULT_CART_SEARCH_TAKE),
  })
  .strict();

export const addOrUpdateLineSchema = z
  .object({
    lineId: cartLineIdSchema
      .nullish()
      .describe('An existing line to update; without it the line of the same product key is used or created.'),
    productKey: productKeySchema,
    quantity: requestQuantitySchema.describe(
      'With overrideExistingQuantity the new quantity, else added to the existing one; a result of 0 or less deletes.',
    ),
  })
  .strict();

/** POST AddOrUpdateLines */
export const addOrUpdateLinesBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema,
    lines: z.array(addOrUpdateLineSchema).min(1, 'must hold at least one line').max(MAX_LINES_PER_REQUEST),
    overrideExistingQuantity: z
      .boolean()
      .default(false)
      .describe('True: quantity replaces the line quantity. False: it is added to it.'),
  })
  .strict();

/** PATCH UpdateLineQuantity: a quantity of 0 or less deletes the line (spec §5). */
export const updateLineQuantityBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema,
    line: z
      .object({
        lineId: cartLineIdSchema,
        // spec §5: 0 or less (however far below) deletes the line; only a number that is not a whole one, or one
        // above the limit, is refused.
        quantity: z
          .number()
          .int('must be a whole number')
          .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`)
          .describe('The new quantity; 0 or less deletes the line.'),
      })
      .strict(),
  })
  .strict();

/** DELETE DeleteLines: unknown line ids are ignored (deleting is idempotent). */
export const deleteLinesBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema,
    lineIds: z.array(cartLineIdSchema).min(1, 'must hold at least one line id').max(MAX_LINES_PER_REQUEST),
  })
  .strict();

/** POST CalculateCart and InternalCalculateCart. */
export const calculateCartBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema,
    shipToCountryCode: countryCodeSchema.default(DEFAULT_SHIP_TO_COUNTRY_CODE).describe('spec §9: default US.'),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The cart version the client holds; a different current version answers 409 CartHasBeenModified.'),
  })
  .strict();
export type CalculateCartBody = z.input<typeof calculateCartBody>;

/** PATCH SetShipping: the ship-to address (one of the customer's) and/or the shipping method. */
export const setShippingBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema,
    shippingAddress: z
      .object({ addressId: z.uuid().describe("Id of one of the customer's addresses (GetAddresses).") })
      .strict()
      .nullish(),
    shippingMethod: z
      .object({ shippingMethodId: z.string().min(1).max(64).describe('Id from GetShippingMethods.') })
      .strict()
      .nullish(),
  })
  .strict()
  .refine((body) => body.shippingAddress !== undefined || body.shippingMethod !== undefined, {
    path: ['shippingMethod'],
    message: 'shippingAddress or shippingMethod must be given',
  });
export type SetShippingBody = z.infer<typeof setShippingBody>;

/** PATCH SetPayment */
export const setPaymentBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema,
    paymentMethod: z
      .object({ paymentMethodId: z.string().min(1).max(64).describe('Id from GetPaymentMethods.') })
      .strict(),
  })
  .strict();
export type SetPaymentBody = z.infer<typeof setPaymentBody>;

/** PATCH SetOrderFields: null or an empty string clears a field; an absent field is left as it is. */
export const setOrderFieldsBody = z
  .object({
    area: areaInfoSchema,
    cartId: cartIdSchema,
    comment: z.string().trim().max(MAX_COMMENT_LENGTH).nullish(),
    reference: z.string().trim().max(MAX_REFERENCE_LENGTH).nullish(),
  })
  .strict();
export type SetOrderFieldsBody = z.infer<typeof setOrderFieldsBody>;
