/** Price services: the caller's customer's prices (spec §3 Price, §7 GetPrices). */
import { DEFAULT_UNIT_OF_MEASURE, type GetPricesResponse, type Price, type ProductKey } from '@b2b/contract';
import { customerVatOf, type SellerVatRegistration } from '@b2b/contract/vat-rules';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { validationError } from '../../errors.ts';
import { findPriceLookupRows } from './price.repository.ts';
import { type PriceCache, productPriceKey } from './price-cache.ts';
import { calculatePrice, type ProductPriceRows } from './price-calculation.ts';

export type GetPricesInput = {
  currencyCode: string;
  products: Array<Pick<ProductKey, 'productId'> & Partial<Pick<ProductKey, 'variantId' | 'unitOfMeasure'>>>;
};

type PriceData = {
  products: Map<string, ProductPriceRows | null>;
  productOfVariant: Map<string, string | null>;
  seller: SellerVatRegistration | null;
};

/**
 * The price rows of the products, the product of each variant and the seller's VAT registration in the area: from
 * the cache where it has them, the rest in one query (which then fills the cache).
 */
async function loadPriceData(
  ctx: RequestContext,
  scope: { currencyCode: string; priceGroupId: string | null; areaId: string },
  productIds: string[],
  variantIds: string[],
  cache: PriceCache | null,
): Promise<PriceData> {
  const data: PriceData = { products: new Map(), productOfVariant: new Map(), seller: null };
  const missingProducts: string[] = [];
  const missingVariants: string[] = [];
  for (const productId of productIds) {
    const cached = cache?.products.get(productPriceKey(scope.currencyCode, scope.priceGroupId, productId));
    cache?.lookups?.count(cached !== undefined);
    if (cached === undefined) missingProducts.push(productId);
    else data.products.set(productId, cached.value);
  }
  for (const variantId of variantIds) {
    const cached = cache?.variants.get(variantId);
    cache?.lookups?.count(cached !== undefined);
    if (cached === undefined) missingVariants.push(variantId);
    else data.productOfVariant.set(variantId, cached.value);
  }
  const cachedVat = cache?.vatRates.get(scope.areaId);
  if (missingProducts.length === 0 && missingVariants.length === 0 && cachedVat !== undefined) {
    data.seller = cachedVat.value;
    return data;
  }

  const rows = await findPriceLookupRows(ctx.db, {
    ...scope,
    productIds: missingProducts,
    variantIds: missingVariants,
  });
  for (const productId of missingProducts) data.products.set(productId, null);
  for (const variantId of missingVariants) data.productOfVariant.set(variantId, null);
  for (const row of rows) {
    if (row.kind === 'vat') {
      data.seller = row.registration;
    } else if (row.kind === 'variant') {
      data.productOfVariant.set(row.variantId, row.productId);
    } else {
      const entry = data.products.get(row.productId) ?? {
        listUnitPriceMinor: null,
        listBeforePriceMinor: null,
        netUnitPriceMinor: null,
      };
      if (row.priceGroupId === null) {
        entry.listUnitPriceMinor = row.unitPriceMinor;
        entry.listBeforePriceMinor = row.beforePriceMinor;
      } else {
        entry.netUnitPriceMinor = row.unitPriceMinor;
      }
      data.products.set(row.productId, entry);
    }
  }
  if (cache) {
    for (const productId of missingProducts) {
      cache.products.set(productPriceKey(scope.currencyCode, scope.priceGroupId, productId), {
        value: data.products.get(productId) ?? null,
      });
    }
    for (const variantId of missingVariants) {
      cache.variants.set(variantId, { value: data.productOfVariant.get(variantId) ?? null });
    }
    cache.vatRates.set(scope.areaId, { value: data.seller });
  }
  return data;
}

/**
 * POST /api/Price/GetPrices: unit price (list) and net unit price (the customer's price group, else list) per
 * product key, each with and without VAT at the customer's rate (ADR 018: the seller's rate, or 0 for reverse charge,
 * export and the USA area), plus the before price. Only for a
 * logged-in user acting for a customer (spec §1: prices only for logged-in users); a user without a customer gets
 * 403. `currencyCode` must be the customer's effective currency (spec §1), else 400 on `currencyCode`. Keys whose
 * product has no price in that currency, or whose variant is not a variant of the product, are left out. Variants
 * share their product's price. `cache` (price-cache.ts) may serve prices up to a minute old; pass null to read
 * the database only.
 */
export async function getPrices(
  ctx: RequestContext,
  input: GetPricesInput,
  cache: PriceCache | null = null,
): Promise<GetPricesResponse> {
  const customer = requireCustomer(ctx);
  if (input.currencyCode !== customer.currencyCode) {
    throw validationError('currencyCode', `must be the customer's currency ${customer.currencyCode}`);
  }

  const productIds = [...new Set(input.products.map((key) => key.productId))];
  const variantIds = [...new Set(input.products.flatMap((key) => (key.variantId ? [key.variantId] : [])))];
  const data = await loadPriceData(
    ctx,
    { currencyCode: customer.currencyCode, priceGroupId: customer.priceGroupId, areaId: customer.areaId },
    productIds,
    variantIds,
    cache,
  );
  // The customer's treatment is applied after the cache, so cached rows serve customers of every treatment.
  const vatRateBasisPoints = customerVatOf(data.seller, customer).rateBasisPoints;

  const result: Price[] = [];
  for (const key of input.products) {
    const variantId = key.variantId ?? null;
    if (variantId !== null && data.productOfVariant.get(variantId) !== key.productId) continue;
    const productRows = data.products.get(key.productId);
    const price = productRows ? calculatePrice(productRows, vatRateBasisPoints) : null;
    if (!price) continue;
    result.push({
      productId: key.productId,
      variantId,
      unitOfMeasure: key.unitOfMeasure ?? DEFAULT_UNIT_OF_MEASURE,
      ...price,
      currencyCode: customer.currencyCode,
    });
  }
  return { prices: result, currencyCode: customer.currencyCode };
}

/**
 * Which of the products have a price for the caller's customer today (its currency and price group), read from the
 * database (no cache: Reorder decides with it what goes into the cart).
 */
export async function findPricedProductIds(ctx: RequestContext, input: { productIds: string[] }): Promise<Set<string>> {
  const customer = requireCustomer(ctx);
  const rows = await findPriceLookupRows(ctx.db, {
    productIds: input.productIds,
    variantIds: [],
    currencyCode: customer.currencyCode,
    priceGroupId: customer.priceGroupId,
    areaId: customer.areaId,
  });
  return new Set(rows.flatMap((row) => (row.kind === 'price' ? [row.productId] : [])));
}
