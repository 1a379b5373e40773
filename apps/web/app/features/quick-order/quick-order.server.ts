import { type Product, productIdSchema } from '@b2b/contract';
import { MAX_LINES_PER_REQUEST } from '@b2b/contract/cart';
import { MAX_LOOKUP_IDS, MAX_SEARCH_TEXT_LENGTH, MIN_SUGGESTION_TEXT_LENGTH } from '@b2b/contract/constants';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import type { RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { readTypedQuantity, tooLargeMessage } from '~/components/product/order-quantity.ts';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import {
  MAX_STOCK_LOOKUP_ITEMS,
  type QuickOrderItemStock,
  type QuickOrderRowOutcome,
  type QuickOrderSuggestion,
} from './quick-order-types.ts';

type Context = Readonly<RouterContextProvider>;

/** Suggestions shown while typing; a few are enough to pick from, more would bury the exact match. */
const MAX_SUGGESTIONS = 8;
/** Item numbers not found by id that are looked for in the search index (which also knows variant numbers). */
const MAX_SEARCHED_NUMBERS = 20;
const SEARCH_TAKE = 5;
/** Longer text is no item number (the catalogue's are far shorter) and more than a search takes: refused before any look-up. */
const MAX_ITEM_NUMBER_LENGTH = MAX_SEARCH_TEXT_LENGTH;

/** What an item number stands for: something the cart takes, or why not. */
export type ResolvedItem =
  | {
      status: 'orderable';
      productId: string;
      variantId: string | null;
      unitOfMeasure: string;
      name: string;
      stockLevel: number;
      newStockDate: string | null;
      maxLineQuantity: number;
    }
  | { status: 'needs-variant'; name: string; exampleVariantId: string };

function variantLabel(variant: { size: string | null; colour: string | null }): string | null {
  return [variant.size, variant.colour].filter(Boolean).join(' ') || null;
}

function normalise(itemNumber: string): string {
  return itemNumber.trim().toUpperCase();
}

async function findProductsByIds(context: Context, ids: readonly string[]): Promise<Product[]> {
  const { area } = getSession(context);
  const valid = [...new Set(ids)].filter((id) => productIdSchema.safeParse(id).success);
  const found: Product[] = [];
  for (let start = 0; start < valid.length; start += MAX_LOOKUP_IDS) {
    const chunk = valid.slice(start, start + MAX_LOOKUP_IDS);
    try {
      const { items } = await getApi(context).call(productEndpoints.getProductsByIds, { body: { area, ids: chunk } });
      found.push(...Object.values(items));
    } catch (error) {
      // spec §8: none of the ids exists → 404; for a quick order that only means "unknown numbers"
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return found;
}

async function searchProducts(context: Context, text: string, take: number): Promise<Product[]> {
  const { area } = getSession(context);
  const result = await getApi(context).call(productEndpoints.getProductsBySearch, {
    body: { area, facets: [], skip: 0, take, search: text },
  });
  return result.items.map(({ item }) => item);
}

/**
 * The product numbers a variant number may extend: "10001-01" → "10001"; "A.B-3" → "A", "A.B". Asked for together
 * with the typed numbers, so most variant numbers resolve in the one GetProductsByIds call.
 */
export function parentCandidates(itemNumber: string): string[] {
  const candidates: string[] = [];
  for (let index = 1; index < itemNumber.length; index++) {
    if ('-._'.includes(itemNumber[index] ?? '')) candidates.push(itemNumber.slice(0, index));
  }
  return candidates;
}

/** What `itemNumber` names among `products`: the product itself or one of its variants. */
function matchItem(itemNumber: string, products: readonly Product[]): ResolvedItem | null {
  const wanted = normalise(itemNumber);
  for (const product of products) {
    const variant = product.variants.find((candidate) => normalise(candidate.id) === wanted);
    if (variant) {
      const label = variantLabel(variant);
      return {
        status: 'orderable',
        productId: product.id,
        variantId: variant.id,
        unitOfMeasure: product.unitOfMeasure,
        name: label ? `${product.name}, ${label}` : product.name,
        stockLevel: variant.stockLevel,
        newStockDate: variant.newStockDate,
        maxLineQuantity: product.maxLineQuantity,
      };
    }
    if (normalise(product.id) !== wanted) continue;
    const [onlyVariant, ...others] = product.variants;
    if (!onlyVariant) {
      return {
        status: 'orderable',
        productId: product.id,
        variantId: null,
        unitOfMeasure: product.unitOfMeasure,
        name: product.name,
        stockLevel: product.stockLevel,
        newStockDate: product.newStockDate,
        maxLineQuantity: product.maxLineQuantity,
      };
    }
    // a product sold in one variant only: its number orders that variant (the cart needs one, spec §5)
    if (others.length === 0) return matchItem(onlyVariant.id, [product]);
    return { status: 'needs-variant', name: product.name, exampleVariantId: onlyVariant.id };
  }
  return null;
}

/**
 * Resolves typed item numbers (product or variant numbers) to what the cart takes: one GetProductsByIds call for the
 * numbers and the product numbers they may extend, then the search index for the few still unknown.
 */
export async function resolveItemNumbers(
  context: Context,
  itemNumbers: readonly string[],
): Promise<Map<string, ResolvedItem>> {
  const numbers = [...new Set(itemNumbers.map((itemNumber) => itemNumber.trim()).filter(Boolean))];
  const products = await findProductsByIds(context, [...numbers, ...numbers.flatMap(parentCandidates)]);
  const resolved = new Map<string, ResolvedItem>();
  const unresolved: string[] = [];
  for (const itemNumber of numbers) {
    const item = matchItem(itemNumber, products);
    if (item) resolved.set(itemNumber, item);
    else unresolved.push(itemNumber);
  }
  const searched = await Promise.all(
    unresolved
      .slice(0, MAX_SEARCHED_NUMBERS)
      .map(async (itemNumber) => [itemNumber, await searchProducts(context, itemNumber, SEARCH_TAKE)] as const),
  );
  for (const [itemNumber, found] of searched) {
    const item = matchItem(itemNumber, found);
    if (item) resolved.set(itemNumber, item);
  }
  return resolved;
}

function toSuggestions(product: Product, typed: string): QuickOrderSuggestion[] {
  if (product.variants.length === 0) {
    return [
      {
        itemNumber: product.id,
        name: product.name,
        variantLabel: null,
        stockLevel: product.stockLevel,
        newStockDate: product.newStockDate,
        maxLineQuantity: product.maxLineQuantity,
      },
    ];
  }
  const wanted = normalise(typed);
  const matching = product.variants.filter((variant) => normalise(variant.id).startsWith(wanted));
  return (matching.length > 0 ? matching : product.variants).map((variant) => ({
    itemNumber: variant.id,
    name: product.name,
    variantLabel: variantLabel(variant),
    stockLevel: variant.stockLevel,
    newStockDate: variant.newStockDate,
    maxLineQuantity: product.maxLineQuantity,
  }));
}

/**
 * Suggestions while typing an item number: an exact product number first (GetProductsByIds), then what
 * GetProductsBySearch finds for the text; each product shows its variants, those starting with the text first.
 */
export async function suggestItems(context: Context, text: string): Promise<QuickOrderSuggestion[]> {
  const typed = text.trim();
  if (typed.length < MIN_SUGGESTION_TEXT_LENGTH) return [];
  const [exact, searched] = await Promise.all([
    findProductsByIds(context, [typed]),
    searchProducts(context, typed, SEARCH_TAKE),
  ]);
  const seen = new Set<string>();
  const suggestions: QuickOrderSuggestion[] = [];
  for (const product of [...exact, ...searched]) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    suggestions.push(...toSuggestions(product, typed));
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

/**
 * The stock and line limit of the item numbers in the quick order's rows (`?items=a,b`), so a row says "60 in stock,
 * 40 will be backordered" and "Up to 200 per line" before adding, as the variant matrix does. Resolved like "Add all to cart" resolves them; a number that
 * orders nothing on its own answers null (the row names the reason when added).
 */
export async function findItemStock(
  context: Context,
  itemNumbers: readonly string[],
): Promise<Record<string, QuickOrderItemStock | null>> {
  const resolved = await resolveItemNumbers(context, itemNumbers);
  const stock: Record<string, QuickOrderItemStock | null> = {};
  for (const itemNumber of itemNumbers) {
    const item = resolved.get(itemNumber);
    stock[itemNumber] =
      item?.status === 'orderable'
        ? { stockLevel: item.stockLevel, newStockDate: item.newStockDate, maxLineQuantity: item.maxLineQuantity }
        : null;
  }
  return stock;
}

/** `?items=` as sent: comma-separated numbers, trimmed, distinct, at most MAX_STOCK_LOOKUP_ITEMS (the rest dropped). */
export function readItemNumbers(value: string | null): string[] {
  if (!value) return [];
  const numbers = value
    .split(',')
    .map((itemNumber) => itemNumber.trim())
    .filter((itemNumber) => itemNumber !== '' && itemNumber.length <= MAX_ITEM_NUMBER_LENGTH);
  return [...new Set(numbers)].slice(0, MAX_STOCK_LOOKUP_ITEMS);
}

/** Rows as the browser sends them: item numbers and quantities as typed. */
const typedRowsSchema = z
  .array(z.object({ itemNumber: z.string().max(MAX_ITEM_NUMBER_LENGTH), quantity: z.string().max(50) }).strict())
  .min(1)
  .max(MAX_LINES_PER_REQUEST);
export type TypedRow = z.infer<typeof typedRowsSchema>[number];

export function readTypedRows(value: FormDataEntryValue | null): TypedRow[] | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed = typedRowsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data.filter((row) => row.itemNumber.trim() !== '') : null;
  } catch {
    return null;
  }
}

type OrderLine = { productId: string; variantId: string | null; unitOfMeasure: string; quantity: number };
/** A line with what the buyer knows it by (the first row's item number and the item's name). */
type PlannedLine = OrderLine & { itemNumber: string; name: string };

/**
 * Turns typed rows into cart lines and an outcome per row: unknown numbers, products that need a variant and bad
 * quantities (not a whole number, above the product's line limit) are named and not added; rows of the same item
 * become one line (their quantities summed, within the limit).
 */
export function planQuickOrder(
  rows: readonly TypedRow[],
  resolved: ReadonlyMap<string, ResolvedItem>,
): { lines: PlannedLine[]; outcomes: QuickOrderRowOutcome[] } {
  const lines = new Map<string, PlannedLine>();
  const outcomes = rows.map((row): QuickOrderRowOutcome => {
    const itemNumber = row.itemNumber.trim();
    const item = resolved.get(itemNumber);
    if (!item) return { itemNumber, status: 'not-added', message: `Unknown item number ${itemNumber}` };
    if (item.status === 'needs-variant') {
      return {
        itemNumber,
        status: 'not-added',
        message: `${item.name} is sold in variants: enter a variant number, e.g. ${item.exampleVariantId}`,
      };
    }
    const typed = readTypedQuantity(row.quantity, item.maxLineQuantity);
    if (typed.kind === 'invalid' || typed.kind === 'too-large') {
      return { itemNumber, status: 'not-added', message: typed.message };
    }
    if (typed.kind === 'empty') return { itemNumber, status: 'not-added', message: 'Enter a quantity' };
    const key = `${item.productId}|${item.variantId ?? ''}`;
    const line = lines.get(key);
    if (line && line.quantity + typed.quantity > item.maxLineQuantity) {
      return { itemNumber, status: 'not-added', message: tooLargeMessage(item.maxLineQuantity) };
    }
    if (line) line.quantity += typed.quantity;
    else {
      const { productId, variantId, unitOfMeasure, name } = item;
      lines.set(key, { productId, variantId, unitOfMeasure, quantity: typed.quantity, itemNumber, name });
    }
    return { itemNumber, status: 'added', quantity: typed.quantity, name: item.name };
  });
  return { lines: [...lines.values()], outcomes };
}
