/**
 * The product page's order matrix, as data: which variant sits in which cell. A product with two main dimensions
 * (size and colour, each with at least two values, every variant holding both and no two variants in one cell)
 * becomes a grid of sizes (rows) × colours (columns); anything else is a list, one entry per variant, or a single
 * entry for a product sold without variants.
 */

export type MatrixVariant = {
  id: string;
  size: string | null;
  colour: string | null;
  stockLevel: number;
  newStockDate: string | null;
};

/** One orderable thing: a variant, or the product itself when it has none (`variantId` null). */
export type MatrixCell = {
  /** Unique within the matrix: the variant's item number, else the product's. */
  key: string;
  variantId: string | null;
  /** "M Black" — what the quantity box is named after ("Quantity, M Black"). */
  label: string;
  size: string | null;
  colour: string | null;
  stockLevel: number;
  newStockDate: string | null;
};

export type VariantMatrix =
  | { kind: 'grid'; sizes: string[]; colours: string[]; cells: (MatrixCell | null)[][] }
  | { kind: 'list'; cells: MatrixCell[] };

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function toCell(variant: MatrixVariant): MatrixCell {
  const label = [variant.size, variant.colour].filter(Boolean).join(' ') || variant.id;
  return {
    key: variant.id,
    variantId: variant.id,
    label,
    size: variant.size,
    colour: variant.colour,
    stockLevel: variant.stockLevel,
    newStockDate: variant.newStockDate,
  };
}

/** Builds the matrix of a product; sizes and colours keep the catalogue's order (sizes come small to large). */
export function buildVariantMatrix(
  product: { id: string; stockLevel: number; newStockDate?: string | null },
  variants: readonly MatrixVariant[],
): VariantMatrix {
  if (variants.length === 0) {
    return {
      kind: 'list',
      cells: [
        {
          key: product.id,
          variantId: null,
          label: product.id,
          size: null,
          colour: null,
          stockLevel: product.stockLevel,
          newStockDate: product.newStockDate ?? null,
        },
      ],
    };
  }
  const cells = variants.map(toCell);
  const hasBothDimensions = variants.every((variant) => variant.size && variant.colour);
  if (!hasBothDimensions) return { kind: 'list', cells };
  const sizes = distinct(variants.map((variant) => variant.size ?? ''));
  const colours = distinct(variants.map((variant) => variant.colour ?? ''));
  if (sizes.length < 2 || colours.length < 2) return { kind: 'list', cells };
  const grid: (MatrixCell | null)[][] = sizes.map(() => colours.map(() => null));
  for (const cell of cells) {
    const row = grid[sizes.indexOf(cell.size ?? '')];
    const column = colours.indexOf(cell.colour ?? '');
    // two variants of the same size and colour cannot share a cell: the list shows both
    if (!row || row[column] !== null) return { kind: 'list', cells };
    row[column] = cell;
  }
  return { kind: 'grid', sizes, colours, cells: grid };
}

/** The matrix's cells as the phone shows them: one list per colour (variants without a colour last, together). */
export function groupCellsByColour(matrix: VariantMatrix): { colour: string | null; cells: MatrixCell[] }[] {
  const cells = matrix.kind === 'grid' ? matrix.cells.flat().filter((cell) => cell !== null) : matrix.cells;
  const groups = new Map<string | null, MatrixCell[]>();
  for (const cell of cells) {
    const group = groups.get(cell.colour);
    if (group) group.push(cell);
    else groups.set(cell.colour, [cell]);
  }
  const ordered = [...groups].sort(([a], [b]) => Number(a === null) - Number(b === null));
  return ordered.map(([colour, groupCells]) => ({ colour, cells: groupCells }));
}

export type GridPosition = { row: number; column: number };
export type GridMove = 'up' | 'down' | 'left' | 'right';

/**
 * Where an arrow key goes from `from` in a grid whose `isCell(row, column)` says where quantity boxes are: the next
 * box in that direction, skipping holes (a size not made in a colour); null at the edge (focus stays).
 */
export function moveInGrid(
  from: GridPosition,
  move: GridMove,
  size: { rows: number; columns: number },
  isCell: (row: number, column: number) => boolean,
): GridPosition | null {
  const step = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] }[move];
  let row = from.row + (step[0] ?? 0);
  let column = from.column + (step[1] ?? 0);
  while (row >= 0 && row < size.rows && column >= 0 && column < size.columns) {
    if (isCell(row, column)) return { row, column };
    row += step[0] ?? 0;
    column += step[1] ?? 0;
  }
  return null;
}

/** The order's running totals: units, and value in minor units (cents) so that sums of prices stay exact. */
export function orderTotals(quantities: readonly { quantity: number; netPrice: number | null }[]): {
  units: number;
  valueCents: number;
  hasUnpricedUnits: boolean;
} {
  let units = 0;
  let valueCents = 0;
  let hasUnpricedUnits = false;
  for (const { quantity, netPrice } of quantities) {
    units += quantity;
    if (netPrice === null) hasUnpricedUnits = true;
    else valueCents += Math.round(netPrice * 100) * quantity;
  }
  return { units, valueCents, hasUnpricedUnits };
}
