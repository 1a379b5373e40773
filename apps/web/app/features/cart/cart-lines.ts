import type { CalculatedCartLine, Cart, CartLine } from '@b2b/contract/cart';

export type CartLineGroup = { line: CartLine; subLines: CartLine[] };

/** Product lines with their sub-lines (spec §3: a line with a parent is a sub-line); generated lines apart. */
export function groupCartLines(lines: readonly CartLine[]): { groups: CartLineGroup[]; generated: CartLine[] } {
  const groups: CartLineGroup[] = [];
  const byId = new Map<string, CartLineGroup>();
  const generated: CartLine[] = [];
  for (const line of lines) {
    if (line.type === 'Generated') generated.push(line);
    else if (!line.parentId) {
      const group = { line, subLines: [] };
      groups.push(group);
      byId.set(line.id, group);
    }
  }
  for (const line of lines) {
    if (line.type !== 'Generated' && line.parentId) {
      const parent = byId.get(line.parentId);
      if (parent) parent.subLines.push(line);
      else groups.push({ line, subLines: [] });
    }
  }
  return { groups, generated };
}

/** spec §4: backorder when a calculated line's available customer quantity is below its ordered quantity. */
export function isLineBackordered(line: Pick<CalculatedCartLine, 'asgLineItemsAvailCust' | 'quantity'>): boolean {
  return line.asgLineItemsAvailCust < line.quantity;
}

export function isCartBackordered(lines: readonly Pick<CalculatedCartLine, 'asgLineItemsAvailCust' | 'quantity'>[]) {
  return lines.some(isLineBackordered);
}

/** Units in the cart (the header's badge): the quantities of its product lines; sub-lines are parts of them. */
export function countCartUnits(cart: Pick<Cart, 'lines'>): number {
  return cart.lines
    .filter((line) => line.type === 'Product' && !line.parentId)
    .reduce((sum, line) => sum + Math.max(0, line.quantity), 0);
}
