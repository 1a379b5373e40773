/**
 * From catalogue matches to what an item number orders (ResolveOrderLines, ValidateUpload): pure, so each outcome is
 * tested without a database. The matches come from ONE query for all numbers (instant-excel.repository.ts).
 */
import type { OrderableLine, ResolveFailure } from '@b2b/contract';
import { lineLimitOf } from '../customer/buying-limits.ts';
import { minorToMajor, resolveUnitPricesMinor } from '../price/price-calculation.ts';
import type { OrderLineMatchRow } from './instant-excel.repository.ts';

export type ResolvedItem =
  | { status: 'orderable'; line: OrderableLine }
  | { status: ResolveFailure; name: string | null; exampleVariantId: string | null };

/**
 * The forms a typed number is looked up in: as typed (trimmed) and in upper case, so "ab-12" finds "AB-12" by the
 * primary key without a case-insensitive scan of the catalogue.
 */
export function lookupFormsOf(itemNumber: string): string[] {
  const trimmed = itemNumber.trim();
  if (trimmed === '') return [];
  const upper = trimmed.toUpperCase();
  return upper === trimmed ? [trimmed] : [trimmed, upper];
}

/** Matches by the number they were found by. */
export function groupMatches(matches: readonly OrderLineMatchRow[]): Map<string, OrderLineMatchRow[]> {
  const byNumber = new Map<string, OrderLineMatchRow[]>();
  for (const match of matches) {
    const list = byNumber.get(match.number);
    if (list) list.push(match);
    else byNumber.set(match.number, [match]);
  }
  return byNumber;
}

function variantLabelOf(match: Pick<OrderLineMatchRow, 'size' | 'colour'>): string | null {
  return [match.size, match.colour].filter(Boolean).join(' ') || null;
}

/** One match as an order line, or why it is none: discontinued, needs a variant, no price in the currency. */
function toResolvedItem(match: OrderLineMatchRow): ResolvedItem {
  if (match.isDiscontinued) return { status: 'discontinued', name: match.name, exampleVariantId: null };
  if (match.variantId === null && match.variantCount > 0) {
    return { status: 'needsVariant', name: match.name, exampleVariantId: match.firstVariantId };
  }
  const prices = resolveUnitPricesMinor({
    listUnitPriceMinor: match.listUnitPriceMinor,
    listBeforePriceMinor: null,
    netUnitPriceMinor: match.groupUnitPriceMinor,
  });
  if (!prices) return { status: 'notSoldInCurrency', name: match.name, exampleVariantId: null };
  return {
    status: 'orderable',
    line: {
      productKey: { productId: match.productId, variantId: match.variantId, unitOfMeasure: match.unitOfMeasure },
      name: match.name,
      variantLabel: variantLabelOf(match),
      netUnitPrice: minorToMajor(prices.netMinor),
      availableQuantity: match.available,
      newStockDate: match.newStockDate,
      maxLineQuantity: lineLimitOf(match.maxLineQuantity),
    },
  };
}

const UNKNOWN: ResolvedItem = { status: 'unknownItem', name: null, exampleVariantId: null };

/**
 * What a typed product or variant number orders. A variant number orders that variant; a product number orders the
 * product when it has no variants, its only variant when it has one, and needs a variant otherwise.
 */
export function resolveItemNumber(
  itemNumber: string,
  matchesByNumber: ReadonlyMap<string, readonly OrderLineMatchRow[]>,
): ResolvedItem {
  const matches = lookupFormsOf(itemNumber).flatMap((form) => matchesByNumber.get(form) ?? []);
  // a variant's number wins over a product's, should one string be both
  const match = matches.find((candidate) => candidate.variantId === candidate.number) ?? matches[0];
  return match ? toResolvedItem(match) : UNKNOWN;
}

/**
 * What a sheet's variant key orders (the hidden column DownloadSheet writes), or null when it names nothing any more
 * (then the row's numbers decide).
 */
export function resolveVariantKey(
  key: { productId: string; variantId: string | null },
  matchesByNumber: ReadonlyMap<string, readonly OrderLineMatchRow[]>,
): ResolvedItem | null {
  const matches = matchesByNumber.get(key.variantId ?? key.productId) ?? [];
  const match = matches.find(
    (candidate) =>
      candidate.productId === key.productId && (key.variantId === null || candidate.variantId === key.variantId),
  );
  return match ? toResolvedItem(match) : null;
}
