/** Price services: the caller's customer's prices (spec §3 Price, §7 GetPrices). */
import { DEFAULT_UNIT_OF_MEASURE, type GetPricesResponse, type Price, type ProductKey } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { findPriceRows, findVariantProductIds } from './price.repository.ts';
import { calculatePrice, type ProductPriceRows } from './price-calculation.ts';

export type GetPricesInput = {
  currencyCode: string;
  products: Array<Pick<ProductKey, 'productId'> & Partial<Pick<ProductKey, 'variantId' | 'unitOfMeasure'>>>;
};

/**
 * POST /api/Price/GetPrices: unit price (list) and net unit price (the customer's price group, else list) per
 * product key, each with and without VAT at the customer's area's rate, plus the before price. Only for a
 * logged-in user acting for a customer (spec §1: prices only for logged-in users); a user without a customer gets
 * 403. `currencyCode` must be the customer's effective currency (spec §1), else 400 on `currencyCode`. Keys whose
 * product has no price in that currency, or whose variant is not a variant of the product, are left out. Variants
 * share their product's price.
 */
export async function getPrices(ctx: RequestContext, input: GetPricesInput): Promise<GetPricesResponse> {
  const customer = ctx.customer;
  if (!customer) throw new AppError('ForbiddenException', 'Prices are shown for customers only; this user has none.');
  if (input.currencyCode !== customer.currencyCode) {
    throw validationError('currencyCode', `must be the customer's currency ${customer.currencyCode}`);
  }

  const productIds = [...new Set(input.products.map((key) => key.productId))];
  const variantIds = [...new Set(input.products.flatMap((key) => (key.variantId ? [key.variantId] : [])))];
  const [rows, variantProducts] = await Promise.all([
    findPriceRows(ctx.db, {
      productIds,
      currencyCode: customer.currencyCode,
      priceGroupId: customer.priceGroupId,
      areaId: customer.areaId,
    }),
    variantIds.length > 0 ? findVariantProductIds(ctx.db, variantIds) : Promise.resolve(new Map<string, string>()),
  ]);

  const byProduct = new Map<string, ProductPriceRows>();
  // A missing VAT rate is a data error, but prices are shown without VAT (spec §1); count it as 0 rather than fail.
  let vatRateBasisPoints = 0;
  for (const row of rows) {
    vatRateBasisPoints = row.vatRateBasisPoints ?? 0;
    const entry = byProduct.get(row.productId) ?? {
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
    byProduct.set(row.productId, entry);
  }

  const result: Price[] = [];
  for (const key of input.products) {
    const variantId = key.variantId ?? null;
    if (variantId !== null && variantProducts.get(variantId) !== key.productId) continue;
    const productRows = byProduct.get(key.productId);
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
