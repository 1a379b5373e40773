import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { readTypedQuantity, type TypedQuantity } from '~/components/product/order-quantity.ts';
import { ADD_LINES_FIELD, type CartActionResult } from '~/lib/cart-action-result.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';
import { useTrackingEvents } from '~/lib/tracking/use-tracking-events.ts';
import { type MatrixCell, orderTotals, type VariantMatrix } from './variant-matrix.ts';

function matrixCells(matrix: VariantMatrix): MatrixCell[] {
  return matrix.kind === 'grid' ? matrix.cells.flat().filter((cell) => cell !== null) : matrix.cells;
}

/**
 * The state of the product page's order: the typed quantity per cell, the running totals, and "Add to cart", which
 * posts every filled cell to the cart's action (intent add-lines: one AddOrUpdateLines call). Shared by the matrix
 * and the phone's sticky bar, which both submit the same form.
 */
export function useVariantOrder(input: {
  productId: string;
  unitOfMeasure: string;
  matrix: VariantMatrix;
  priceOf: (cell: MatrixCell) => PriceView | null;
}) {
  const { productId, unitOfMeasure, matrix, priceOf } = input;
  const formId = useId();
  const fetcher = useFetcher<CartActionResult>();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const cells = useMemo(() => matrixCells(matrix), [matrix]);
  const [activeKey, setActiveKey] = useState(cells[0]?.key ?? '');

  const typed = useMemo(() => {
    const byKey: Record<string, TypedQuantity> = {};
    for (const cell of cells) byKey[cell.key] = readTypedQuantity(quantities[cell.key] ?? '');
    return byKey;
  }, [cells, quantities]);

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

  // after a successful add the boxes are emptied (the cart holds the quantities now); once per answer
  const handledKey = useRef<string | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handledKey.current === result.key) return;
    handledKey.current = result.key;
    if (result.ok) setQuantities({});
  }, [fetcher.data]);
  useTrackingEvents(fetcher.data?.ok ? fetcher.data : null);

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
    fetcher.submit(
      { intent: 'add-lines', [ADD_LINES_FIELD]: JSON.stringify(lines) },
      { method: 'post', action: '/cart' },
    );
  }, [fetcher, filled, hasInvalidCells, productId, unitOfMeasure]);

  const isBusy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const statusText = isBusy ? 'Adding…' : (problem ?? (result ? (result.ok ? result.message : result.error) : ''));
  const isError = !isBusy && (problem !== null || result?.ok === false);

  return {
    formId,
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
