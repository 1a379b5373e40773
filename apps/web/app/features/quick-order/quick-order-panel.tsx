import { MIN_SUGGESTION_TEXT_LENGTH } from '@b2b/contract/constants';
import { isOrderLinesPaste, parseOrderLines } from '@b2b/contract/order-lines';
import { type ClipboardEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { LazyUnusualQuantityDialog } from '~/components/cart/lazy-unusual-quantity-dialog.tsx';
import { lineLimitNote, quantityNote, readTypedQuantity } from '~/components/product/order-quantity.ts';
import { QuantityNote } from '~/components/product/quantity-note.tsx';
import { StockBadge } from '~/components/product/stock-badge.tsx';
import { Button } from '~/components/ui/button.tsx';
import { ComboboxListbox, useCombobox } from '~/components/ui/combobox.tsx';
import { comboboxInputProps } from '~/components/ui/combobox-state.ts';
import { useSplashes } from '~/lib/campaigns/use-splashes.ts';
import { cn } from '~/lib/cn.ts';
import { useTrackingEvents } from '~/lib/tracking/use-tracking-events.ts';
import { CONFIRMED_QUANTITIES_FIELD, type UnusualQuantity } from '~/lib/unusual-quantities.ts';
import { useSession } from '~/lib/use-session.ts';
import { QUICK_ORDER_ANCHOR } from './quick-order-link.tsx';
import { QuickOrderRowCampaign, useHeldInCart } from './quick-order-row-campaign.tsx';
import {
  applyOutcomes,
  emptyRow,
  pasteIntoRows,
  type QuickOrderRow,
  withTrailingBlankRow,
} from './quick-order-rows.ts';
import {
  MAX_STOCK_LOOKUP_ITEMS,
  QUICK_ORDER_ROWS_FIELD,
  type QuickOrderItemStock,
  type QuickOrderResult,
  type QuickOrderStockAnswer,
  type QuickOrderSuggestion,
} from './quick-order-types.ts';

/** Wait this long after the last key before asking for suggestions (one request per pause, not per key). */
const SUGGESTION_DELAY_MS = 200;
const ROWS_SHOWN_AT_START = 3;
/** Wait this long after the last change before looking up the stock of the rows' numbers (typed, chosen, pasted). */
const STOCK_LOOKUP_DELAY_MS = 400;

function useRowIds() {
  const next = useRef(0);
  return useCallback(() => `row-${++next.current}`, []);
}

function focusBox(id: string) {
  const box = document.getElementById(id) as HTMLInputElement | null;
  box?.focus();
  box?.select();
}

type ItemFieldProps = {
  row: QuickOrderRow;
  /** Why the row was not added, unless the quantity box's own note says it. */
  problem: string | null;
  index: number;
  inputId: string;
  problemId: string;
  onChange: (itemNumber: string, description: string | null, stock?: QuickOrderItemStock) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  onDone: () => void;
};

/**
 * An item number box with suggestions while typing (the storefront's combobox, components/ui/combobox.tsx): arrows
 * choose a suggestion, Enter takes it (or the typed number) and moves to the quantity, Escape closes the list.
 */
function ItemNumberField({ row, problem, index, inputId, problemId, onChange, onPaste, onDone }: ItemFieldProps) {
  const suggestionsFetcher = useFetcher<{ suggestions: QuickOrderSuggestion[] }>();
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suggestions = suggestionsFetcher.data?.suggestions;
  const { load } = suggestionsFetcher;

  const choose = (suggestion: QuickOrderSuggestion | undefined) => {
    if (!suggestion) return;
    const description = [suggestion.name, suggestion.variantLabel].filter(Boolean).join(', ');
    onChange(suggestion.itemNumber, description, {
      stockLevel: suggestion.stockLevel,
      newStockDate: suggestion.newStockDate,
      maxLineQuantity: suggestion.maxLineQuantity,
      productId: suggestion.productId,
      campaigns: suggestion.campaigns,
    });
    dispatch({ type: 'closed' });
  };
  const {
    state: combobox,
    dispatch,
    keyDown,
  } = useCombobox({ onChoose: (position) => choose(suggestions?.[position]) });

  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  // the list opens on an answer only while the box still has the focus
  useEffect(() => {
    if (!suggestions) return;
    dispatch({ type: 'suggestionsArrived', optionCount: suggestions.length });
    if (document.activeElement?.id !== inputId) dispatch({ type: 'closed' });
  }, [suggestions, dispatch, inputId]);

  const ask = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    dispatch({ type: 'textChanged' });
    if (text.trim().length < MIN_SUGGESTION_TEXT_LENGTH) {
      dispatch({ type: 'closed' });
      return;
    }
    timer.current = setTimeout(() => {
      // the buyer moved on (a quantity, the next row) before the pause ended: no list opens behind them
      if (document.activeElement?.id !== inputId) return;
      load(`/resources/quick-order?q=${encodeURIComponent(text.trim())}`);
    }, SUGGESTION_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    keyDown(event);
    // Enter never submits the form from here: it takes the highlighted suggestion, if any, and moves on
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (timer.current) clearTimeout(timer.current);
      dispatch({ type: 'closed' });
      onDone();
    }
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className="sr-only">
        Item number, row {index + 1}
      </label>
      <input
        id={inputId}
        type="text"
        {...comboboxInputProps(listId, combobox)}
        aria-describedby={problem ? problemId : undefined}
        aria-invalid={problem ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        value={row.itemNumber}
        onChange={(event) => {
          onChange(event.currentTarget.value, null);
          ask(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => dispatch({ type: 'closed' })}
        data-quick-order-item={index}
        className="w-full rounded-md border border-neutral-400 px-2 py-1.5 text-sm aria-invalid:border-red-700"
      />
      <ComboboxListbox
        id={listId}
        label={`Suggestions for row ${index + 1}`}
        state={combobox}
        groups={[{ key: 'items', options: suggestions ?? [] }]}
        optionKey={(suggestion) => suggestion.itemNumber}
        onChoose={(suggestion) => {
          choose(suggestion);
          onDone();
        }}
        onHighlight={(position) => dispatch({ type: 'optionHovered', index: position })}
        className="absolute inset-x-0 z-30 mt-1"
        optionClassName="flex-wrap gap-x-2 py-1.5"
        renderOption={(suggestion) => (
          <>
            <span className="font-medium">{suggestion.itemNumber}</span>
            <span className="text-neutral-700">
              {suggestion.name}
              {suggestion.variantLabel ? `, ${suggestion.variantLabel}` : ''}
            </span>
            <StockBadge stockLevel={suggestion.stockLevel} newStockDate={suggestion.newStockDate} showQuantity />
          </>
        )}
      />
    </div>
  );
}

/**
 * The stock of the item numbers in the rows, for the backorder note before adding (as the variant matrix says it):
 * a chosen suggestion brings its stock along; typed and pasted numbers are looked up (`?items=`) once typing pauses.
 * Numbers asked for but not yet answered are asked again with the next look-up, since a new load cancels the last.
 */
function useItemStock(rows: readonly QuickOrderRow[]) {
  const fetcher = useFetcher<QuickOrderStockAnswer>();
  const [stock, setStock] = useState<Record<string, QuickOrderItemStock | null>>({});
  const pending = useRef(new Set<string>());
  const { load } = fetcher;

  useEffect(() => {
    const answer = fetcher.data?.stock;
    if (!answer) return;
    for (const itemNumber of Object.keys(answer)) pending.current.delete(itemNumber);
    setStock((current) => ({ ...current, ...answer }));
  }, [fetcher.data]);

  const numbers = rows.map((row) => row.itemNumber.trim()).filter(Boolean);
  const unknown = [...new Set(numbers)].filter((itemNumber) => !(itemNumber in stock)).join(',');
  useEffect(() => {
    if (!unknown) return;
    const timer = setTimeout(() => {
      for (const itemNumber of unknown.split(',')) pending.current.add(itemNumber);
      const asked = [...pending.current].slice(-MAX_STOCK_LOOKUP_ITEMS);
      load(`/resources/quick-order?items=${encodeURIComponent(asked.join(','))}`);
    }, STOCK_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unknown, load]);

  const remember = useCallback((itemNumber: string, itemStock: QuickOrderItemStock) => {
    setStock((current) => ({ ...current, [itemNumber]: itemStock }));
  }, []);
  return { stockOf: (row: QuickOrderRow) => stock[row.itemNumber.trim()] ?? null, remember };
}

/**
 * Quick order (issue 11): rows of item or variant number and quantity, typed with suggestions or pasted as many
 * "item; quantity" lines at once; "Add all to cart" adds the known ones in one AddOrUpdateLines call and keeps the
 * others in their rows with the reason. Keyboard: Enter moves from number to quantity to the next row.
 */
export function QuickOrderPanel() {
  const session = useSession();
  const newId = useRowIds();
  const fetcher = useFetcher<QuickOrderResult>();
  const idPrefix = useId();
  const location = useLocation();
  const [rows, setRows] = useState<QuickOrderRow[]>(() =>
    Array.from({ length: ROWS_SHOWN_AT_START }, (_, index) => emptyRow(`start-${index}`)),
  );
  const [note, setNote] = useState('');
  const sentIds = useRef<string[]>([]);
  // the rows last sent, sent again as they were once the buyer confirms unusual quantities (ADR 019)
  const sentRows = useRef('');
  const [unusualQuantities, setUnusualQuantities] = useState<UnusualQuantity[] | null>(null);
  const handledKey = useRef<string | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const { stockOf, remember } = useItemStock(rows);
  const heldInCart = useHeldInCart();
  // the rows' products are known only after the first render: their splashes come through the 500 ms queue
  const splashesOf = useSplashes(rows.flatMap((row) => stockOf(row)?.productId ?? []));

  const itemInputId = (rowId: string) => `${idPrefix}-${rowId}-item`;
  const quantityInputId = (rowId: string) => `${idPrefix}-${rowId}-quantity`;

  useTrackingEvents(fetcher.data?.ok ? fetcher.data : null);

  // the answer of "Add all to cart": added rows leave, the others stay with the reason; quantities far above the
  // usual are asked about first, every row kept as it is; once per answer
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handledKey.current === result.key) return;
    handledKey.current = result.key;
    setNote('');
    if (!result.ok && result.unusualQuantities?.length) {
      setUnusualQuantities(result.unusualQuantities);
      return;
    }
    setRows((current) => applyOutcomes(current, sentIds.current, result.rows, newId));
  }, [fetcher.data, newId]);

  // Enter in the last row: focus moves once React has drawn the new row
  useEffect(() => {
    if (!pendingFocus.current) return;
    focusBox(pendingFocus.current);
    pendingFocus.current = null;
  });

  // /cart#quick-order (the header's link) starts in the first box
  useEffect(() => {
    if (location.hash !== `#${QUICK_ORDER_ANCHOR}`) return;
    panelRef.current?.querySelector<HTMLInputElement>('input[data-quick-order-item="0"]')?.focus();
  }, [location.hash]);

  if (!session.actsForCustomer) return null;

  const updateRow = (rowId: string, change: Partial<QuickOrderRow>) =>
    setRows((current) =>
      withTrailingBlankRow(
        current.map((row) => (row.id === rowId ? { ...row, ...change, problem: null } : row)),
        newId,
      ),
    );

  const goToNextRow = (index: number) => {
    const next = rows[index + 1];
    if (next) {
      focusBox(itemInputId(next.id));
      return;
    }
    const row = emptyRow(newId());
    pendingFocus.current = itemInputId(row.id);
    setRows((current) => [...current, row]);
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!isOrderLinesPaste(text)) return;
    event.preventDefault();
    const lines = parseOrderLines(text);
    setRows((current) => pasteIntoRows(current, index, lines, newId));
    setNote(`${lines.length} ${lines.length === 1 ? 'line' : 'lines'} pasted. Check them, then add all to cart.`);
  };

  const submit = () => {
    const filled = rows.filter((row) => row.itemNumber.trim() !== '');
    if (filled.length === 0) {
      setNote('Enter an item number first.');
      return;
    }
    sentIds.current = filled.map((row) => row.id);
    const payload = filled.map((row) => ({ itemNumber: row.itemNumber.trim(), quantity: row.quantity }));
    sentRows.current = JSON.stringify(payload);
    fetcher.submit(
      { [QUICK_ORDER_ROWS_FIELD]: sentRows.current },
      { method: 'post', action: '/resources/quick-order' },
    );
  };

  const confirmUnusual = () => {
    setUnusualQuantities(null);
    fetcher.submit(
      { [QUICK_ORDER_ROWS_FIELD]: sentRows.current, [CONFIRMED_QUANTITIES_FIELD]: 'true' },
      { method: 'post', action: '/resources/quick-order' },
    );
  };

  // back to the first row whose quantity was asked about, to change it
  const cancelUnusual = () => {
    const [first] = unusualQuantities ?? [];
    setUnusualQuantities(null);
    setNote('Nothing was added. Change the quantity, then add all to cart.');
    const row = first ? rows.find((candidate) => candidate.itemNumber.trim() === first.itemNumber) : undefined;
    if (row) focusBox(quantityInputId(row.id));
  };

  const isBusy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const problemCount = rows.filter((row) => row.problem).length;
  const status = isBusy
    ? 'Adding…'
    : note ||
      (result
        ? [
            result.message,
            problemCount > 0
              ? `${problemCount} ${problemCount === 1 ? 'row was' : 'rows were'} not added: see the ${problemCount === 1 ? 'row' : 'rows'} above.`
              : '',
          ]
            .filter(Boolean)
            .join(' ')
        : '');

  return (
    <section
      ref={panelRef}
      id={QUICK_ORDER_ANCHOR}
      aria-labelledby={`${idPrefix}-heading`}
      className="mt-10 scroll-mt-24 rounded-lg border border-neutral-200 bg-white p-4"
      data-testid="quick-order"
    >
      <h2 id={`${idPrefix}-heading`} className="text-xl font-semibold">
        Quick order
      </h2>
      <p id={`${idPrefix}-help`} className="mt-1 text-sm text-neutral-700">
        Type an item or variant number and a quantity; Enter moves on. Paste many lines of “item; quantity” into a
        number box to fill the rows at once.
      </p>
      <form
        className="mt-4 flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div
          className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3 text-sm font-medium text-neutral-700"
          aria-hidden="true"
        >
          <span>Item or variant number</span>
          <span>Quantity</span>
        </div>
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => {
            const stock = stockOf(row);
            const typed = readTypedQuantity(row.quantity, stock?.maxLineQuantity);
            const note = quantityNote(typed, stock?.stockLevel ?? null);
            // A refused quantity ("Enter a whole number") is said once, by the quantity box's note under it.
            const problem = row.problem !== note?.text ? row.problem : null;
            const problemId = `${idPrefix}-${row.id}-problem`;
            const limitId = `${idPrefix}-${row.id}-limit`;
            // the limit is said with the box once the item is known, unless the note refuses the quantity with it
            const saysLimit = stock !== null && !row.problem && note?.kind !== 'error';
            const describedBy = [note ? `${problemId}-quantity` : '', saysLimit ? limitId : '']
              .filter(Boolean)
              .join(' ');
            return (
              <li key={row.id} className="flex flex-col gap-1" data-testid="quick-order-row">
                <div className="grid grid-cols-[minmax(0,1fr)_6rem] items-start gap-3">
                  <ItemNumberField
                    row={row}
                    problem={problem}
                    index={index}
                    inputId={itemInputId(row.id)}
                    problemId={problemId}
                    onChange={(itemNumber, description, itemStock) => {
                      if (itemStock) remember(itemNumber, itemStock);
                      updateRow(row.id, { itemNumber, description });
                    }}
                    onPaste={onPaste(index)}
                    onDone={() => focusBox(quantityInputId(row.id))}
                  />
                  <div>
                    <label htmlFor={quantityInputId(row.id)} className="sr-only">
                      Quantity, row {index + 1}
                    </label>
                    <input
                      id={quantityInputId(row.id)}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      value={row.quantity}
                      aria-invalid={note?.kind === 'error' ? true : undefined}
                      aria-describedby={describedBy || undefined}
                      onChange={(event) => updateRow(row.id, { quantity: event.currentTarget.value })}
                      onFocus={(event) => event.currentTarget.select()}
                      onKeyDown={(event) => {
                        if (event.key !== 'Enter') return;
                        event.preventDefault();
                        goToNextRow(index);
                      }}
                      className="w-full rounded-md border border-neutral-400 px-2 py-1.5 text-right text-sm aria-invalid:border-red-700"
                    />
                  </div>
                </div>
                {(row.description || stock) && !problem ? (
                  <p
                    className="flex flex-wrap items-center gap-x-3 text-xs text-neutral-700"
                    data-testid="quick-order-item"
                  >
                    {row.description}
                    {stock ? (
                      <>
                        <StockBadge stockLevel={stock.stockLevel} newStockDate={stock.newStockDate} showQuantity />
                        <span id={limitId} data-testid="quick-order-limit">
                          {lineLimitNote(stock.maxLineQuantity)}
                        </span>
                      </>
                    ) : null}
                  </p>
                ) : null}
                {problem ? (
                  <p id={problemId} className="text-sm text-red-700" data-testid="quick-order-problem">
                    {problem}
                  </p>
                ) : null}
                <QuantityNote id={`${problemId}-quantity`} note={note} />
                {stock && !problem ? (
                  <QuickOrderRowCampaign
                    item={stock}
                    quantity={typed.kind === 'quantity' ? typed.quantity : 0}
                    splashes={splashesOf(stock.productId)}
                    heldInCart={heldInCart}
                    rowLabel={`row ${index + 1}`}
                    onAdd={(pieces) =>
                      updateRow(row.id, {
                        quantity: String((typed.kind === 'quantity' ? typed.quantity : 0) + pieces),
                      })
                    }
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" severity="cta-1" aria-disabled={isBusy || undefined}>
            Add all to cart
          </Button>
        </div>
        <p
          role="status"
          className={cn('min-h-5 text-sm', result && !result.ok ? 'text-red-700' : 'text-emerald-800')}
          data-testid="quick-order-status"
        >
          {status}
        </p>
      </form>
      <LazyUnusualQuantityDialog items={unusualQuantities} onConfirm={confirmUnusual} onCancel={cancelUnusual} />
    </section>
  );
}
