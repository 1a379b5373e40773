import { type Product, productIdSchema, type ResolvedOrderLine } from '@b2b/contract';
import { MAX_LINES_PER_REQUEST } from '@b2b/contract/cart';
import { MAX_SEARCH_TEXT_LENGTH, MIN_SUGGESTION_TEXT_LENGTH } from '@b2b/contract/constants';
import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import type { RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { readTypedQuantity, tooLargeMessage } from '~/components/product/order-quantity.ts';
import { ApiError, getApi } from '~/lib/api.server.ts';
import type { RowCampaign } from '~/lib/campaigns/campaign-levels.ts';
import { loadCustomerCampaigns } from '~/lib/campaigns/campaigns.server.ts';
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
  | { status: 'needs-variant'; name: string; exampleVariantId: string }
  /** Known, but not sold to this customer: discontinued, or without a price in its currency. */
  | { status: 'not-sold'; message: string };

function variantLabel(variant: { size: string | null; colour: string | null }): string | null {
  return [variant.size, variant.colour].filter(Boolean).join(' ') || null;
}

function normalise(itemNumber: string): string {
  return itemNumber.trim().toUpperCase();
}

async function findProductsByIds(context: Context, ids: readonly string[]): Promise<Product[]> {
  const { area } = getSession(context);
  const valid = [...new Set(ids)].filter((id) => productIdSchema.safeParse(id).success);
  if (valid.length === 0) return [];
  try {
    const { items } = await getApi(context).call(productEndpoints.getProductsByIds, { body: { area, ids: valid } });
    return Object.values(items);
  } catch (error) {
    // spec §8: none of the ids exists → 404; for a suggestion that only means "nothing found"
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    return [];
  }
}

async function searchProducts(context: Context, text: string, take: number): Promise<Product[]> {
  const { area } = getSession(context);
  const result = await getApi(context).call(productEndpoints.getProductsBySearch, {
    body: { area, facets: [], skip: 0, take, search: text },
  });
  return result.items.map(({ item }) => item);
}

/** One row of ResolveOrderLines' answer as the quick order reads it. */
function toResolvedItem(row: ResolvedOrderLine, currencyCode: string): ResolvedItem | null {
  switch (row.status) {
    case 'orderable': {
      const { line } = row;
      return {
        status: 'orderable',
        ...line.productKey,
        name: line.variantLabel ? `${line.name}, ${line.variantLabel}` : line.name,
        stockLevel: line.availableQuantity,
        newStockDate: line.newStockDate,
        maxLineQuantity: line.maxLineQuantity,
      };
    }
    case 'needsVariant':
      return {
        status: 'needs-variant',
        name: row.name ?? row.itemNumber,
        exampleVariantId: row.exampleVariantId ?? '',
      };
    case 'discontinued':
      return { status: 'not-sold', message: `${row.name ?? row.itemNumber} is no longer sold` };
    case 'notSoldInCurrency':
      return { status: 'not-sold', message: `${row.name ?? row.itemNumber} is not sold in ${currencyCode}` };
    case 'unknownItem':
      return null;
  }
}

/**
 * Resolves typed item numbers (product or variant numbers, any case) to what the cart takes: ONE ResolveOrderLines
 * call for all of them (Instant Excel's resolution, ADR 027). A number it does not know is left out of the map.
 */
export async function resolveItemNumbers(
  context: Context,
  itemNumbers: readonly string[],
): Promise<Map<string, ResolvedItem>> {
  const numbers = [...new Set(itemNumbers.map((itemNumber) => itemNumber.trim()).filter(Boolean))].filter(
    (itemNumber) => itemNumber.length <= MAX_ITEM_NUMBER_LENGTH,
  );
  const resolved = new Map<string, ResolvedItem>();
  if (numbers.length === 0) return resolved;
  const { area } = getSession(context);
  const answer = await getApi(context).call(instantExcelEndpoints.resolveOrderLines, {
    body: { area, rows: numbers.map((itemNumber) => ({ itemNumber })) },
  });
  for (const row of answer.rows) {
    const item = toResolvedItem(row, answer.currencyCode);
    if (item) resolved.set(row.itemNumber, item);
  }
  return resolved;
}

/** The customer's campaigns that hold the product, as a row needs them. */
function campaignsOfProduct(campaigns: readonly RowCampaign[], productId: string): RowCampaign[] {
  return campaigns.filter((campaign) => campaign.items.includes(productId));
}

/** The customer's campaigns, trimmed to what a quick-order row computes its level from. */
async function loadRowCampaigns(context: Context): Promise<RowCampaign[]> {
  return (await loadCustomerCampaigns(context)).map(
    ({ campaignId, name, campaignType, campaignQuantities, items }) => ({
      campaignId,
      name,
      campaignType,
      campaignQuantities,
      items,
    }),
  );
}

function toSuggestions(product: Product, typed: string, campaigns: readonly RowCampaign[]): QuickOrderSuggestion[] {
  const ofProduct = { productId: product.id, campaigns: campaignsOfProduct(campaigns, product.id) };
  if (product.variants.length === 0) {
    return [
      {
        itemNumber: product.id,
        name: product.name,
        variantLabel: null,
        stockLevel: product.stockLevel,
        newStockDate: product.newStockDate,
        maxLineQuantity: product.maxLineQuantity,
        ...ofProduct,
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
    ...ofProduct,
  }));
}

/**
 * Suggestions while typing an item number: an exact product number first (GetProductsByIds), then what
 * GetProductsBySearch finds for the text; each product shows its variants, those starting with the text first.
 */
export async function suggestItems(context: Context, text: string): Promise<QuickOrderSuggestion[]> {
  const typed = text.trim();
  if (typed.length < MIN_SUGGESTION_TEXT_LENGTH) return [];
  const [exact, searched, campaigns] = await Promise.all([
    findProductsByIds(context, [typed]),
    searchProducts(context, typed, SEARCH_TAKE),
    loadRowCampaigns(context),
  ]);
  const seen = new Set<string>();
  const suggestions: QuickOrderSuggestion[] = [];
  for (const product of [...exact, ...searched]) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    suggestions.push(...toSuggestions(product, typed, campaigns));
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

/**
 * The stock and line limit of the item numbers in the quick order's rows (`?items=a,b`), so a row says "60 in stock,
 * 40 will be backordered" and "Up to 200 per line" before adding, as the variant matrix does. Resolved like "Add all to cart" resolves them; a number that
 * orders nothing on its own answers null (the row names the reason when added). Each known number brings its product
 * and the customer's campaigns holding it, for the row's level (issue 27).
 */
export async function findItemStock(
  context: Context,
  itemNumbers: readonly string[],
): Promise<Record<string, QuickOrderItemStock | null>> {
  const [resolved, campaigns] = await Promise.all([
    resolveItemNumbers(context, itemNumbers),
    loadRowCampaigns(context),
  ]);
  const stock: Record<string, QuickOrderItemStock | null> = {};
  for (const itemNumber of itemNumbers) {
    const item = resolved.get(itemNumber);
    stock[itemNumber] =
      item?.status === 'orderable'
        ? {
            stockLevel: item.stockLevel,
            newStockDate: item.newStockDate,
            maxLineQuantity: item.maxLineQuantity,
            productId: item.productId,
            campaigns: campaignsOfProduct(campaigns, item.productId),
          }
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
    if (item.status === 'not-sold') return { itemNumber, status: 'not-added', message: item.message };
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
