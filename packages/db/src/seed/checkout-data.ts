/**
 * Checkout reference data of the seed (issue 3): the countries each area ships to, shipping methods with fees per
 * currency (minor units, without VAT), payment methods, and a few bundle products whose components become cart
 * sub-lines. Fixed data, no randomness.
 */
import type {
  paymentMethods,
  productComponents,
  shippingCountries,
  shippingMethodFees,
  shippingMethods,
} from '../schema.ts';
import { FIRST_PRODUCT_NUMBER } from './generate-product.ts';

export const SEED_SHIPPING_COUNTRIES: Array<typeof shippingCountries.$inferInsert> = [
  ['DK', 'Denmark'],
  ['DE', 'Germany'],
  ['NL', 'Netherlands'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['FR', 'France'],
  ['BE', 'Belgium'],
  ['AT', 'Austria'],
  ['FI', 'Finland'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['GB', 'United Kingdom'],
]
  .map(([countryCode, name], sortOrder) => ({
    areaId: 'eu',
    countryCode: countryCode ?? '',
    name: name ?? '',
    sortOrder,
  }))
  .concat([
    { areaId: 'us', countryCode: 'US', name: 'United States', sortOrder: 0 },
    { areaId: 'us', countryCode: 'CA', name: 'Canada', sortOrder: 1 },
  ]);

export const SEED_SHIPPING_METHODS: Array<typeof shippingMethods.$inferInsert> = [
  { id: 'eu-standard', areaId: 'eu', name: 'Standard freight', description: '2–4 working days', sortOrder: 0 },
  { id: 'eu-express', areaId: 'eu', name: 'Express', description: 'Next working day', sortOrder: 1 },
  {
    id: 'eu-pickup',
    areaId: 'eu',
    name: 'Pick-up in Copenhagen',
    description: 'Collect at our warehouse',
    countryCodes: ['DK'],
    sortOrder: 2,
  },
  { id: 'us-standard', areaId: 'us', name: 'Ground', description: '3–6 business days', sortOrder: 0 },
  { id: 'us-express', areaId: 'us', name: 'Two-day air', description: '2 business days', sortOrder: 1 },
];

/** Standard freight is free from 500.00 (the top-bar text promises it), 5,000.00 in NOK. */
export const SEED_SHIPPING_METHOD_FEES: Array<typeof shippingMethodFees.$inferInsert> = [
  { shippingMethodId: 'eu-standard', currencyCode: 'EUR', feeMinor: 1_495, freeAboveMinor: 50_000 },
  { shippingMethodId: 'eu-standard', currencyCode: 'XNOK', feeMinor: 16_900, freeAboveMinor: 500_000 },
  { shippingMethodId: 'eu-express', currencyCode: 'EUR', feeMinor: 3_950, freeAboveMinor: null },
  { shippingMethodId: 'eu-express', currencyCode: 'XNOK', feeMinor: 44_500, freeAboveMinor: null },
  { shippingMethodId: 'eu-pickup', currencyCode: 'EUR', feeMinor: 0, freeAboveMinor: null },
  { shippingMethodId: 'eu-pickup', currencyCode: 'XNOK', feeMinor: 0, freeAboveMinor: null },
  { shippingMethodId: 'us-standard', currencyCode: 'USD', feeMinor: 1_995, freeAboveMinor: 50_000 },
  { shippingMethodId: 'us-express', currencyCode: 'USD', feeMinor: 4_500, freeAboveMinor: null },
];

export const SEED_PAYMENT_METHODS: Array<typeof paymentMethods.$inferInsert> = [
  { id: 'invoice', name: 'Payment on account (invoice)', kind: 'Invoice', isDefault: true, sortOrder: 0 },
  { id: 'card', name: 'Card', kind: 'Card', isDefault: false, sortOrder: 1 },
];

/**
 * Bundles: every 100th product (100000, 100100, …) is sold with the two products after it as components (their
 * first variant, 1 each). Depends only on the product count, so a small catalogue's bundles are a prefix of a big
 * one's.
 */
export function buildProductComponentRows(productCount: number): Array<typeof productComponents.$inferInsert> {
  const rows: Array<typeof productComponents.$inferInsert> = [];
  for (let index = 0; index + 2 < productCount; index += 100) {
    for (const offset of [1, 2]) {
      const componentId = String(FIRST_PRODUCT_NUMBER + index + offset);
      rows.push({
        productId: String(FIRST_PRODUCT_NUMBER + index),
        componentProductId: componentId,
        // generate-product.ts numbers variants <product>-01, -02 …; every product has at least one.
        componentVariantId: `${componentId}-01`,
        quantity: 1,
        sortOrder: offset - 1,
      });
    }
  }
  return rows;
}
