/**
 * The discount codes of both areas' settings and the products' discount splashes (spec §3 Discount splash; issue 27).
 * Every splash is true of its product: "New" for stock that arrived in the last days before the reference date,
 * "Outlet" for a list price below the before price, "-20 %" where that cut is 20 % in every currency, "Bestseller" for
 * the area's most ordered products in the seeded order history.
 */
import type { DiscountCode } from '@b2b/contract';
import type { discountSplashes } from '../schema.ts';
import type { PromotionProduct } from './campaigns.ts';
import { addDays, SEED_REFERENCE_DATE } from './reference-date.ts';

/**
 * Discount codes (spec §3: id, name, properties). `properties`: `label` (the splash's text), `backgroundColor` and
 * `textColor` (contrast at least 4.5:1, WCAG 2.2 AA; the seed's tests check it) and, on a code that states a
 * discount, `audience: 'customers'`: anonymous visitors never see a percentage (issue 27).
 */
export const SEED_DISCOUNT_CODES: readonly DiscountCode[] = [
  {
    id: 'minus-20',
    name: '-20 %',
    properties: { label: '-20 %', backgroundColor: '#b91c1c', textColor: '#ffffff', audience: 'customers' },
  },
  { id: 'new', name: 'New', properties: { label: 'New', backgroundColor: '#1d4ed8', textColor: '#ffffff' } },
  {
    id: 'bestseller',
    name: 'Bestseller',
    properties: { label: 'Bestseller', backgroundColor: '#fde68a', textColor: '#422006' },
  },
  { id: 'outlet', name: 'Outlet', properties: { label: 'Outlet', backgroundColor: '#1f2937', textColor: '#ffffff' } },
];

/** "New": the latest stock arrived at most this many days before the reference date. */
const NEW_WITHIN_DAYS = 10;
/** "Bestseller": this many products per area, by pieces ordered in the seeded history. */
const BESTSELLERS_PER_AREA = 25;

/** A line of the seeded order history, enough to count what sells. */
export type OrderedQuantity = { areaId: string; productId: string; quantity: number };

/** The `BESTSELLERS_PER_AREA` most ordered products of an area; ties by product id. */
function bestsellersOf(areaId: string, ordered: readonly OrderedQuantity[]): Set<string> {
  const pieces = new Map<string, number>();
  for (const line of ordered) {
    if (line.areaId === areaId) pieces.set(line.productId, (pieces.get(line.productId) ?? 0) + line.quantity);
  }
  return new Set(
    [...pieces.entries()]
      .sort(([idA, a], [idB, b]) => b - a || idA.localeCompare(idB))
      .slice(0, BESTSELLERS_PER_AREA)
      .map(([productId]) => productId),
  );
}

/** The splashes of every sellable product in every area, in the order of SEED_DISCOUNT_CODES. */
export function buildDiscountSplashRows(
  areaIds: readonly string[],
  products: readonly PromotionProduct[],
  ordered: readonly OrderedQuantity[],
): Array<typeof discountSplashes.$inferInsert> {
  const newSince = addDays(SEED_REFERENCE_DATE, -NEW_WITHIN_DAYS);
  const rows: Array<typeof discountSplashes.$inferInsert> = [];
  for (const areaId of areaIds) {
    const bestsellers = bestsellersOf(areaId, ordered);
    for (const product of products) {
      if (!product.sellable) continue;
      const cuts = product.beforePriceCutPercent;
      const codes = [
        cuts.length > 0 && cuts.every((cut) => cut === 20) ? 'minus-20' : null,
        product.newStockDate != null && product.newStockDate >= newSince ? 'new' : null,
        bestsellers.has(product.id) ? 'bestseller' : null,
        cuts.length > 0 ? 'outlet' : null,
      ].filter((code) => code !== null);
      codes.forEach((discountCodeId, position) => {
        rows.push({ areaId, productId: product.id, discountCodeId, position });
      });
    }
  }
  return rows;
}
