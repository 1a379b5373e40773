import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyUnusualQuantityDialog } from '~/components/cart/lazy-unusual-quantity-dialog.tsx';
import { FavoriteToggle } from '~/components/favorite/favorite-toggle.tsx';
import { quantityNote } from '~/components/product/order-quantity.ts';
import { QuantityNote } from '~/components/product/quantity-note.tsx';
import { StockBadge } from '~/components/product/stock-badge.tsx';
import { Button } from '~/components/ui/button.tsx';
import { cn } from '~/lib/cn.ts';
import type { FavoriteMarks } from '~/lib/favorites/favorite-marks.ts';
import { formatCount, formatMoney } from '~/lib/format.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';
import { useSession } from '~/lib/use-session.ts';
import type { VariantOrder } from './use-variant-order.ts';
import {
  type GridMove,
  groupCellsByColour,
  type MatrixCell,
  moveInGrid,
  type VariantMatrix,
} from './variant-matrix.ts';

/** Arrow keys move between quantity boxes; left and right only once the caret is at the box's edge. */
function arrowMove(event: KeyboardEvent<HTMLInputElement>): GridMove | null {
  const input = event.currentTarget;
  const start = input.selectionStart ?? 0;
  const end = input.selectionEnd ?? 0;
  const isAllSelected = start === 0 && end === input.value.length;
  switch (event.key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return end === 0 || isAllSelected ? 'left' : null;
    case 'ArrowRight':
      return start === input.value.length || isAllSelected ? 'right' : null;
    default:
      return null;
  }
}

/**
 * Roving focus inside one layout of the matrix (a grid or a list): the boxes carry data-row / data-column, only the
 * active one is in the Tab order, so Tab leaves the matrix and arrows move inside it.
 */
function handleArrowKeys(event: KeyboardEvent<HTMLInputElement>, size: { rows: number; columns: number }) {
  const move = arrowMove(event);
  if (!move) return;
  const container = event.currentTarget.closest('[data-matrix-layout]');
  if (!container) return;
  const boxAt = (row: number, column: number) =>
    container.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-column="${column}"]`);
  const from = { row: Number(event.currentTarget.dataset.row), column: Number(event.currentTarget.dataset.column) };
  const to = moveInGrid(from, move, size, (row, column) => boxAt(row, column) !== null);
  event.preventDefault();
  if (!to) return;
  const target = boxAt(to.row, to.column);
  target?.focus();
  target?.select();
}

type CellProps = {
  cell: MatrixCell;
  order: VariantOrder;
  productName: string;
  price: PriceView | null;
  canOrder: boolean;
  position: { row: number; column: number };
  size: { rows: number; columns: number };
  idPrefix: string;
  /** Shown in the list layout, where no column header names the variant. */
  heading?: string;
  favorites: FavoriteMarks | null;
  unitOfMeasure: string;
  productId: string;
};

/** The form the variants' hearts submit without JavaScript: the matrix is a form, and forms do not nest. */
export const FAVORITE_HOST_FORM_ID = 'variant-favorites';

/** One variant: net price, stock, arrival date, quantity box and what the typed quantity means. */
function MatrixCellContent({
  cell,
  order,
  productName,
  price,
  canOrder,
  position,
  size,
  idPrefix,
  heading,
  favorites,
  unitOfMeasure,
  productId,
}: CellProps) {
  const inputId = `${idPrefix}-${cell.key}`;
  const typed = order.typed[cell.key];
  const note = quantityNote(typed, cell.stockLevel);
  const name = cell.variantId ? cell.label : productName;
  // The list layout: on phones the details left and the box right, so a variant takes two or three lines; from md,
  // where a row is as wide as the page's column, one line: the variant, its box beside it, then the details, so the
  // box is never a page's width away from the variant it orders (issue 24). A fixed first column lines the boxes up.
  const isListed = heading !== undefined;
  return (
    <div
      className={
        isListed
          ? 'grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 md:grid-cols-[minmax(8rem,max-content)_auto_minmax(0,1fr)] md:items-baseline'
          : 'flex flex-col gap-1'
      }
      data-testid="matrix-cell"
      data-variant-id={cell.variantId ?? ''}
    >
      {isListed ? (
        <span className="col-start-1 row-start-1 font-medium" data-testid="matrix-cell-label">
          {heading}
        </span>
      ) : null}
      <div
        className={
          isListed
            ? 'col-start-1 row-start-2 flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 md:col-start-3 md:row-start-1'
            : 'flex flex-col gap-1'
        }
      >
        {price ? (
          <span className="text-sm font-semibold" data-testid="matrix-price">
            {formatMoney(price.netPrice, price.currencyCode)}
            <span className="sr-only"> excl. VAT</span>
          </span>
        ) : null}
        <StockBadge stockLevel={cell.stockLevel} newStockDate={cell.newStockDate} showQuantity />
        {cell.variantId ? <span className="text-xs text-neutral-600">No. {cell.variantId}</span> : null}
      </div>
      {canOrder ? (
        <div
          className={cn(
            'flex flex-col gap-1',
            isListed &&
              'col-start-2 row-span-2 row-start-1 max-w-40 items-end text-right md:row-span-1 md:max-w-60 md:items-start md:text-left',
          )}
        >
          <label htmlFor={inputId} className="sr-only">
            Quantity, {name}
          </label>
          <div className="flex items-center gap-2">
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              value={order.quantities[cell.key] ?? ''}
              onChange={(event) => order.setQuantity(cell.key, event.currentTarget.value)}
              onFocus={(event) => {
                order.setActiveKey(cell.key);
                event.currentTarget.select();
              }}
              onKeyDown={(event) => handleArrowKeys(event, size)}
              tabIndex={order.activeKey === cell.key ? 0 : -1}
              data-row={position.row}
              data-column={position.column}
              data-cell-key={cell.key}
              aria-invalid={note?.kind === 'error' ? true : undefined}
              // the limit is said with every box, unless the box's own note refuses the quantity with it
              aria-describedby={
                note?.kind === 'error'
                  ? `${inputId}-note`
                  : note
                    ? `${inputId}-note ${order.limitNoteId}`
                    : order.limitNoteId
              }
              className="w-20 scroll-mb-28 rounded-md border border-neutral-400 px-2 py-1.5 text-right text-sm aria-invalid:border-red-700"
            />
            {favorites ? (
              <FavoriteToggle
                productKey={{ productId, variantId: cell.variantId, unitOfMeasure }}
                name={cell.variantId ? `${productName}, ${cell.label}` : productName}
                marks={favorites}
                formId={FAVORITE_HOST_FORM_ID}
                className="size-8"
              />
            ) : null}
          </div>
          <QuantityNote id={`${inputId}-note`} note={note} />
        </div>
      ) : null}
    </div>
  );
}

type LayoutProps = {
  matrix: VariantMatrix;
  order: VariantOrder;
  productName: string;
  priceOf: (cell: MatrixCell) => PriceView | null;
  canOrder: boolean;
  /** Each variant's heart (issue 26 §1); null: no hearts (visitors, staff without a customer). */
  favorites: FavoriteMarks | null;
  productId: string;
  unitOfMeasure: string;
};

/** Sizes × colours (wide screens): a table whose cells hold the quantity boxes. */
function MatrixGrid({
  matrix,
  order,
  productName,
  priceOf,
  canOrder,
  favorites,
  productId,
  unitOfMeasure,
}: LayoutProps & { matrix: { kind: 'grid' } }) {
  const idPrefix = useId();
  const size = { rows: matrix.sizes.length, columns: matrix.colours.length };
  return (
    <div
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-600"
      data-matrix-layout="grid"
      // without quantity boxes (visitors) nothing in a wide grid takes focus: the region itself does, so it scrolls
      // by keyboard (WCAG 2.1.1)
      {...(canOrder ? {} : { role: 'region', 'aria-label': 'Variants by size and colour', tabIndex: 0 })}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Quantities by size and colour</caption>
        <thead>
          <tr className="border-b border-neutral-300 text-neutral-700">
            <th scope="col" className="py-2 pr-4 font-medium">
              Size
            </th>
            {matrix.colours.map((colour) => (
              <th key={colour} scope="col" className="py-2 pr-4 font-medium">
                {colour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.sizes.map((sizeName, row) => (
            <tr key={sizeName} className="border-b border-neutral-200 align-top">
              <th scope="row" className="py-3 pr-4 font-medium">
                {sizeName}
              </th>
              {matrix.colours.map((colour, column) => {
                const cell = matrix.cells[row]?.[column] ?? null;
                return (
                  <td key={colour} className="py-3 pr-4">
                    {cell ? (
                      <MatrixCellContent
                        cell={cell}
                        order={order}
                        productName={productName}
                        price={priceOf(cell)}
                        canOrder={canOrder}
                        position={{ row, column }}
                        size={size}
                        idPrefix={idPrefix}
                        favorites={favorites}
                        productId={productId}
                        unitOfMeasure={unitOfMeasure}
                      />
                    ) : (
                      <span className="text-neutral-600">Not made</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One list of variants per colour (phones, and products with a single dimension). */
function MatrixList({
  matrix,
  order,
  productName,
  priceOf,
  canOrder,
  favorites,
  productId,
  unitOfMeasure,
}: LayoutProps) {
  const idPrefix = useId();
  const byColour = groupCellsByColour(matrix);
  // colour headings only when sizes sit under them; colours alone are a flat list ("Blue", "Green", …)
  const hasSizes = byColour.some((group) => group.cells.some((cell) => cell.size !== null));
  const showsColourHeadings = hasSizes && (byColour.length > 1 || byColour[0]?.colour != null);
  const groups = showsColourHeadings ? byColour : [{ colour: null, cells: byColour.flatMap((group) => group.cells) }];
  const rows = groups.reduce((sum, group) => sum + group.cells.length, 0);
  let row = 0;
  return (
    <div className="flex flex-col gap-4" data-matrix-layout="list">
      {groups.map((group) => (
        <div key={group.colour ?? ''}>
          {showsColourHeadings ? (
            <h3 className="mb-1 text-base font-semibold">{group.colour ?? 'Other variants'}</h3>
          ) : null}
          <ul className="divide-y divide-neutral-200 border-y border-neutral-200">
            {group.cells.map((cell) => {
              const position = { row: row++, column: 0 };
              const heading = showsColourHeadings
                ? (cell.size ?? cell.label)
                : cell.variantId
                  ? cell.label
                  : productName;
              return (
                <li key={cell.key} className="py-3">
                  <MatrixCellContent
                    cell={cell}
                    order={order}
                    productName={productName}
                    price={priceOf(cell)}
                    canOrder={canOrder}
                    position={position}
                    size={{ rows, columns: 1 }}
                    idPrefix={idPrefix}
                    heading={heading}
                    favorites={favorites}
                    productId={productId}
                    unitOfMeasure={unitOfMeasure}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

function TotalsText({ order }: { order: VariantOrder }) {
  const { units, valueCents, hasUnpricedUnits } = order.totals;
  return (
    <span data-testid="order-totals">
      <span data-testid="order-units">
        {formatCount(units)} {units === 1 ? 'unit' : 'units'}
      </span>
      {order.currencyCode ? (
        <>
          {' · '}
          <span data-testid="order-value">{formatMoney(valueCents / 100, order.currencyCode)}</span>
          <span className="text-neutral-600"> excl. VAT{hasUnpricedUnits ? ', some without a price' : ''}</span>
        </>
      ) : null}
    </span>
  );
}

function LoginToOrder() {
  const location = useLocation();
  const session = useSession();
  if (session.isLoggedIn) {
    return <p className="text-sm text-neutral-700">Ordering needs a customer account.</p>;
  }
  const redirectTo = encodeURIComponent(location.pathname + location.search);
  return (
    <Link to={`/login?redirect=${redirectTo}`} className="font-medium text-accent-800 underline hover:text-accent-900">
      Log in to order
    </Link>
  );
}

/**
 * The product page's order matrix (issue 11): every variant with net price (customers only), stock and a quantity
 * box; arrows move between boxes, totals follow the typing, one "Add to cart" adds all filled boxes at once. The
 * product's line limit is said above the boxes and refused in a box; quantities far above the customer's usual are
 * asked about before they are added (ADR 019). Wide
 * screens get sizes × colours, phones a list per colour; the phone's Add to cart is the sticky bar.
 */
export function VariantMatrixOrder({ order, ...props }: LayoutProps) {
  const { matrix, canOrder } = props;
  return (
    <form
      id={order.formId}
      data-testid="variant-matrix"
      onSubmit={(event) => {
        event.preventDefault();
        order.submit();
      }}
      noValidate
      className="flex flex-col gap-4"
    >
      {canOrder ? (
        <p id={order.limitNoteId} className="text-sm text-neutral-700" data-testid="line-limit-note">
          Up to {formatCount(order.maxLineQuantity)}
          {matrix.kind === 'grid' || matrix.cells.some((cell) => cell.variantId) ? ' of each variant' : ''} per order
          line.
        </p>
      ) : null}
      {matrix.kind === 'grid' ? (
        <>
          <div className="hidden md:block">
            <MatrixGrid {...props} matrix={matrix} order={order} />
          </div>
          <div className="md:hidden">
            <MatrixList {...props} order={order} />
          </div>
        </>
      ) : (
        <MatrixList {...props} order={order} />
      )}
      {canOrder ? (
        // From md the totals, Add to cart and what it answered stay at the bottom of the screen while the rest of a
        // long matrix is below it, and rest at the form's end once it is reached (issue 24: Add to cart in view as
        // soon as the matrix is); at rest its top line meets the matrix's last one. Phones have the sticky bar
        // instead and show only the answer here.
        <div
          className="flex flex-col gap-1 md:sticky md:bottom-0 md:z-10 md:-mt-4 md:border-t md:border-neutral-200 md:bg-neutral-50 md:pt-3"
          data-testid="matrix-actions"
        >
          <div className="hidden flex-wrap items-center justify-end gap-4 md:flex">
            <TotalsText order={order} />
            <Button type="submit" severity="cta-1" aria-disabled={order.isBusy || undefined}>
              Add to cart
            </Button>
          </div>
          <p
            role="status"
            className={cn('min-h-5 text-sm md:text-right', order.isError ? 'text-red-700' : 'text-emerald-800')}
            data-testid="matrix-status"
          >
            {order.statusText}
          </p>
        </div>
      ) : (
        <LoginToOrder />
      )}
      <LazyUnusualQuantityDialog
        items={order.unusualQuantities}
        onConfirm={order.confirmUnusual}
        onCancel={order.cancelUnusual}
      />
    </form>
  );
}

/**
 * Whether the element has been reached: it is on screen, or the buyer has scrolled past it. Before the page has
 * hydrated, and where IntersectionObserver is missing, it has not.
 */
function useHasReached(elementId: string): boolean {
  const [hasReached, setHasReached] = useState(false);
  useEffect(() => {
    const element = document.getElementById(elementId);
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setHasReached(entry.isIntersecting || entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [elementId]);
  return hasReached;
}

/**
 * Phones: units, value and "Add to cart" stay at the bottom of the screen while the buyer scrolls the variants. It is
 * sticky, not fixed, so at the end of the page it rests below the content instead of covering it. It shows once the
 * buyer has reached the matrix or typed a quantity, not before (issue 24: on load it covered the product's price);
 * hidden, it is invisible, so it is neither seen, nor focused, nor read.
 */
export function StickyOrderBar({ order }: { order: VariantOrder }) {
  const hasReachedMatrix = useHasReached(order.formId);
  const hasTyped = Object.values(order.quantities).some((value) => value.trim() !== '');
  const isShown = hasReachedMatrix || hasTyped;
  return (
    <div
      className={cn(
        'sticky bottom-0 z-20 -mx-4 mt-6 flex items-center justify-between gap-3 border-t border-neutral-200 bg-white px-4 py-3 shadow-[0_-2px_6px_rgba(0,0,0,0.08)] transition-[translate,visibility] duration-200 motion-reduce:transition-none md:hidden',
        !isShown && 'invisible translate-y-full',
      )}
      data-testid="sticky-order-bar"
    >
      <p className="text-sm">
        <TotalsText order={order} />
      </p>
      <Button type="submit" severity="cta-1" form={order.formId} aria-disabled={order.isBusy || undefined}>
        Add to cart
      </Button>
    </div>
  );
}
