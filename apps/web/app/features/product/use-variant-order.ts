import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { readTypedQuantity, type TypedQuantity } from '~/components/product/order-quantity.ts';
import { ADD_LINES_FIELD, type CartActionResult } from '~/lib/cart-action-result.ts';
import { useCartUpdatedEvent } from '~/lib/events/use-cart-updated-event.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';
import { useTrackingEvents } from '~/lib/tracking/use-tracking-events.ts';
import { CONFIRMED_QUANTITIES_FIELD, type UnusualQuantity } from '~/lib/unusual-quantities.ts';
import { type MatrixCell, orderTotals, type VariantMatrix } from './variant-matrix.ts';

function matrixCells(matrix: VariantMatrix): MatrixCell[] {
  return matrix.kind === 'grid' ? matrix.cells.flat().filter((cell) => cell !== null) : matrix.cells;
}

/** Focuses the quantity box of a cell in the layout on screen (the grid and the phone's list are both in the page). */
function focusCell(key: string) {
  const boxes = document.querySelectorAll<HTMLInputElement>(`input[data-cell-key="${CSS.escape(key)}"]`);
  const shown = [...boxes].find((box) => box.offsetParent !== null);
  shown?.focus();
  shown?.select();
}

/**
 * The state of the product page's order: the typed quantity per cell (checked against the product's line limit), the
 * running totals, and "Add to cart", which posts every filled cell to the cart's action (intent add-lines: one
 * AddOrUpdateLines call). When the action answers quantities far above the customer's usual, they wait in
 * `unusualQuantities` for the buyer to confirm (sent again, confirmed) or change them (ADR 019). Shared by the matrix
 * and the phone's sticky bar, which both submit the same form.
 */
export function useVariantOrder(input: {
  productId: string;
  productName: string;
  unitOfMeasure: string;
  /** The product's line limit: no cell may hold more. */
  maxLineQuantity: number;
  matrix: VariantMatrix;
  priceOf: (cell: MatrixCell) => PriceView | null;
}) {
  const { productId, productName, unitOfMeasure, maxLineQuantity, matrix, priceOf } = input;
  const formId = useId();
  const limitNoteId = `${formId}-limit`;
  const fetcher = useFetcher<CartActionResult>();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const cells = useMemo(() => matrixCells(matrix), [matrix]);
  const [activeKey, setActiveKey] = useState(cells[0]?.key ?? '');

  const typed = useMemo(() => {
    const byKey: Record<string, TypedQuantity> = {};
    for (const cell of cells) byKey[cell.key] = readTypedQuantity(quantities[cell.key] ?? '', maxLineQuantity);
    return byKey;
  }, [cells, quantities, maxLineQuantity]);

  const filled = cells.flatMap((cell) => {
    const entry = typed[cell.key];
    return entry?.kind === 'quantity' ? [{ cell, quantity: entry.quantity }] : [];
  });
  const totals = orderTotals(
    filled.map(({ cell, quantity }) => ({ quantity, netPrice: priceOf(cell)?.netPrice ?? null })),
  );
  const currencyCode = cells.map(priceOf).find((price) => price !== null)?.currencyCode ?? null;
  const hasInvalidCells = cells.some((cell) => {
    const kind = typed[cell.key]?.kind;
    return kind === 'invalid' || kind === 'too-large';
  });

  const setQuantity = useCallback((key: string, value: string) => {
    setProblem(null);
    setQuantities((current) => ({ ...current, [key]: value }));
  }, []);

  // the lines last sent, to send again once the buyer confirms unusual quantities
  const sentLines = useRef('');
  const [unusualQuantities, setUnusualQuantities] = useState<UnusualQuantity[] | null>(null);

  // after a successful add the boxes are emptied (the cart holds the quantities now); an answer of unusual
  // quantities opens the question, named as the page names the variants; once per answer
  const handledKey = useRef<string | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handledKey.current === result.key) return;
    handledKey.current = result.key;
    if (result.ok) setQuantities({});
    else if (result.unusualQuantities?.length) {
      const labels = new Map(
        cells.map((cell) => [cell.key, cell.variantId ? `${productName}, ${cell.label}` : productName]),
      );
      setUnusualQuantities(
        result.unusualQuantities.map((item) => ({ ...item, name: labels.get(item.itemNumber) ?? item.name })),
      );
    }
  }, [fetcher.data, cells, productName]);
  useTrackingEvents(fetcher.data?.ok ? fetcher.data : null);
  useCartUpdatedEvent(fetcher.data);

  const confirmUnusual = useCallback(() => {
    setUnusualQuantities(null);
    fetcher.submit(
      { intent: 'add-lines', [ADD_LINES_FIELD]: sentLines.current, [CONFIRMED_QUANTITIES_FIELD]: 'true' },
      { method: 'post', action: '/cart' },
    );
  }, [fetcher]);

  const cancelUnusual = useCallback(() => {
    const [first] = unusualQuantities ?? [];
    setUnusualQuantities(null);
    setProblem('Nothing was added. Change the quantity, then add to cart.');
    if (first) focusCell(first.itemNumber);
  }, [unusualQuantities]);

  const submit = useCallback(() => {
    if (hasInvalidCells) {
      setProblem('Correct the quantities marked before adding.');
      return;
    }
    if (filled.length === 0) {
      setProblem('Enter a quantity in at least one box.');
      return;
    }
    setProblem(null);
    const lines = filled.map(({ cell, quantity }) => ({
      productId,
      variantId: cell.variantId,
      unitOfMeasure,
      quantity,
    }));
    sentLines.current = JSON.stringify(lines);
    fetcher.submit({ intent: 'add-lines', [ADD_LINES_FIELD]: sentLines.current }, { method: 'post', action: '/cart' });
  }, [fetcher, filled, hasInvalidCells, productId, unitOfMeasure]);

  const isBusy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const statusText = isBusy ? 'Adding…' : (problem ?? (result ? (result.ok ? result.message : result.error) : ''));
  const isError = !isBusy && (problem !== null || result?.ok === false);

  return {
    formId,
    limitNoteId,
    maxLineQuantity,
    unusualQuantities,
    confirmUnusual,
    cancelUnusual,
    cells,
    quantities,
    typed,
    setQuantity,
    activeKey,
    setActiveKey,
    totals,
    currencyCode,
    submit,
    isBusy,
    statusText,
    isError,
  };
}

export type VariantOrder = ReturnType<typeof useVariantOrder>;
