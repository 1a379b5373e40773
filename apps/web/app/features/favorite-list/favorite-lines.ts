/**
 * The lines of one favourite list as its page shows them (issue 26 §1), and what "Add all to cart" / "Add selected"
 * make of them: pure, so the sort and the cart lines are tested without a page.
 */
import { readTypedQuantity } from '~/components/product/order-quantity.ts';
import type { ProductImage } from '~/lib/colour-images.ts';
import { formatCount } from '~/lib/format.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';
import type { FavoriteLineSort } from './favorite-list-params.ts';

/**
 * One product key of the list. `status`: `orderable` (the cart takes it), `needs-variant` (a product sold in variants
 * saved without one: the buyer picks the variant on its page), `unavailable` (no longer sold, or not in this area).
 */
export type FavoriteLineView = {
  /** favoriteKeyOf(product key): the line's form fields are named by it. */
  key: string;
  productId: string;
  variantId: string | null;
  unitOfMeasure: string;
  /** The variant number where there is one, else the item number: what the buyer orders by. */
  itemNumber: string;
  name: string;
  /** "M · Black"; null for a product without variants. */
  variantLabel: string | null;
  url: string | null;
  image: ProductImage | null;
  /** The customer's net unit price; null when the product has none in the customer's currency. */
  price: PriceView | null;
  stockLevel: number;
  /** The next arrival (yyyy-mm-dd); shown while short of stock. */
  newStockDate: string | null;
  maxLineQuantity: number;
  /** Place in the list, 0 = the first added: "Recently added" shows the highest first. */
  position: number;
  status: 'orderable' | 'needs-variant' | 'unavailable';
};

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/** The lines in the chosen order: name A-Z (then variant), item number, or the latest added first. */
export function sortFavoriteLines(lines: readonly FavoriteLineView[], sort: FavoriteLineSort): FavoriteLineView[] {
  const sorted = [...lines];
  switch (sort) {
    case 'name':
      return sorted.sort(
        (a, b) =>
          byName.compare(a.name, b.name) ||
          byName.compare(a.variantLabel ?? '', b.variantLabel ?? '') ||
          a.position - b.position,
      );
    case 'item':
      return sorted.sort((a, b) => byName.compare(a.itemNumber, b.itemNumber));
    case 'added':
      return sorted.sort((a, b) => b.position - a.position);
  }
}

/** A cart line as the cart's AddOrUpdateLines takes it. */
export type FavoriteCartLine = { productId: string; variantId: string | null; unitOfMeasure: string; quantity: number };

/** What adding will do, said per line before and after: the backordered part, or why a line was not taken. */
export type FavoriteLineNote = { key: string; kind: 'backorder' | 'error'; message: string };

export type FavoriteCartPlan = { lines: FavoriteCartLine[]; notes: FavoriteLineNote[] };

/** "3 in stock: 5 of 8 are added as backorder and ship when they arrive." */
export function backorderNote(quantity: number, stockLevel: number): string {
  const inStock = Math.max(0, stockLevel);
  return inStock === 0
    ? `None in stock: all ${formatCount(quantity)} are added as backorder and ship when they arrive.`
    : `${formatCount(inStock)} in stock: ${formatCount(quantity - inStock)} of ${formatCount(quantity)} are added as backorder and ship when they arrive.`;
}

/**
 * The cart lines of "Add all to cart" (`selectedKeys` null: every orderable line) or "Add selected", with each line's
 * typed quantity (`quantities` by line key; none sent means 1, the box's default; blank or 0 leaves the line out). Lines without enough stock are added
 * as backorder and say so (issue 26 §1); a bad quantity or a line the cart cannot take is named, and then nothing is
 * added (the buyer corrects it first, as quick order does).
 */
export function planFavoriteCartLines(
  lines: readonly FavoriteLineView[],
  quantities: Readonly<Record<string, string>>,
  selectedKeys: ReadonlySet<string> | null,
): FavoriteCartPlan {
  const cartLines: FavoriteCartLine[] = [];
  const notes: FavoriteLineNote[] = [];
  for (const line of lines) {
    if (selectedKeys && !selectedKeys.has(line.key)) continue;
    if (line.status !== 'orderable') {
      // "Add all" passes over what cannot be ordered (the line says why); choosing one is a mistake to name
      if (selectedKeys)
        notes.push({
          key: line.key,
          kind: 'error',
          message: line.status === 'needs-variant' ? 'Choose a variant on its page first.' : 'No longer available.',
        });
      continue;
    }
    const typed = readTypedQuantity(quantities[line.key] ?? '1', line.maxLineQuantity);
    if (typed.kind === 'invalid' || typed.kind === 'too-large') {
      notes.push({ key: line.key, kind: 'error', message: typed.message });
      continue;
    }
    if (typed.kind === 'empty') continue;
    cartLines.push({
      productId: line.productId,
      variantId: line.variantId,
      unitOfMeasure: line.unitOfMeasure,
      quantity: typed.quantity,
    });
    if (typed.quantity > line.stockLevel)
      notes.push({ key: line.key, kind: 'backorder', message: backorderNote(typed.quantity, line.stockLevel) });
  }
  return { lines: cartLines, notes };
}
