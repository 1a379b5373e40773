import { data } from 'react-router';
import { addLinesToCart, linesAddedMessage, quantityRefusalMessage } from '~/features/cart/cart-action.server.ts';
import {
  findItemStock,
  planQuickOrder,
  readItemNumbers,
  readTypedRows,
  resolveItemNumbers,
  suggestItems,
} from '~/features/quick-order/quick-order.server.ts';
import {
  QUICK_ORDER_ROWS_FIELD,
  type QuickOrderResult,
  type QuickOrderStockAnswer,
  type QuickOrderSuggestion,
} from '~/features/quick-order/quick-order-types.ts';
import { ApiError } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { findUnusualQuantities } from '~/lib/unusual-quantities.server.ts';
import { CONFIRM_QUANTITIES_MESSAGE, CONFIRMED_QUANTITIES_FIELD } from '~/lib/unusual-quantities.ts';
import type { Route } from './+types/resources.quick-order';

/**
 * Quick order's suggestions while typing an item number (`?q=`), or the stock of the rows' item numbers (`?items=`,
 * for the backorder note before adding): for customers only, like the quick order itself. No redirect to /login from
 * here: fetchers call it, and a redirect would move the whole page.
 */
export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<{ suggestions: QuickOrderSuggestion[] } | QuickOrderStockAnswer> {
  const params = new URL(request.url).searchParams;
  if (params.has('items')) {
    const itemNumbers = readItemNumbers(params.get('items'));
    if (!isCustomerSession(context) || itemNumbers.length === 0) return { stock: {} };
    return { stock: await findItemStock(context, itemNumbers) };
  }
  if (!isCustomerSession(context)) return { suggestions: [] };
  const text = params.get('q') ?? '';
  return { suggestions: await suggestItems(context, text.slice(0, 64)) };
}

/** Logged in and acting for a customer: quick order exists only then, like the cart. */
function isCustomerSession(context: Route.LoaderArgs['context']): boolean {
  const session = getSession(context);
  return session.isLoggedIn && session.customer !== null;
}

/** An answer before its key: Omit applied to each member of the union, so `ok` still tells them apart. */
type QuickOrderAnswer = QuickOrderResult extends infer Result
  ? Result extends unknown
    ? Omit<Result, 'key'>
    : never
  : never;

function answer(result: QuickOrderAnswer, status = 200) {
  return data<QuickOrderResult>({ key: crypto.randomUUID(), ...result }, { status });
}

/**
 * "Add all to cart": resolves the typed item numbers, adds every known one in ONE AddOrUpdateLines call and names
 * the rest (unknown numbers, products that need a variant, bad quantities), which stay in their rows. Quantities far
 * above the customer's usual are first answered as `unusualQuantities` with nothing added, until the buyer confirms
 * them (CONFIRMED_QUANTITIES_FIELD, ADR 019).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isCustomerSession(context)) {
    return answer({ ok: false, message: 'Log in with a customer account to order.', rows: [] }, 401);
  }
  const form = await request.formData();
  const rows = readTypedRows(form.get(QUICK_ORDER_ROWS_FIELD));
  if (!rows || rows.length === 0)
    return answer({ ok: false, message: 'Enter an item number to order.', rows: [] }, 400);
  const resolved = await resolveItemNumbers(
    context,
    rows.map((row) => row.itemNumber),
  );
  const { lines, outcomes } = planQuickOrder(rows, resolved);
  if (lines.length === 0) return answer({ ok: false, message: 'Nothing was added.', rows: outcomes }, 400);
  if (form.get(CONFIRMED_QUANTITIES_FIELD) !== 'true') {
    const unusualQuantities = await findUnusualQuantities(context, lines);
    if (unusualQuantities.length > 0) {
      return answer({ ok: false, message: CONFIRM_QUANTITIES_MESSAGE, rows: [], unusualQuantities });
    }
  }
  try {
    const change = await addLinesToCart(context, lines);
    return answer({ ok: true, message: linesAddedMessage(lines), rows: outcomes, tracking: change.tracking });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    console.error('[quick-order] AddOrUpdateLines failed', error.status, error.type);
    // A line the product's limit refuses (with what the cart holds already): its rows say why; nothing was added.
    const refusals = new Map<string, string>();
    for (const fieldError of error.body?.errors ?? []) {
      const index = /^lines\.(\d+)\.quantity$/.exec(fieldError.field)?.[1];
      const line = index === undefined ? undefined : lines[Number(index)];
      if (line) refusals.set(lineKey(line), quantityRefusalMessage(fieldError.message));
    }
    const notAdded = outcomes.map((outcome) => {
      if (outcome.status !== 'added') return outcome;
      const item = resolved.get(outcome.itemNumber);
      const refusal = item?.status === 'orderable' ? refusals.get(lineKey(item)) : undefined;
      const message =
        refusal ??
        (refusals.size > 0 ? 'Not added: correct the rows marked, then add again' : 'Not added: please try again');
      return { itemNumber: outcome.itemNumber, status: 'not-added' as const, message };
    });
    const message =
      refusals.size > 0
        ? 'Nothing was added: a quantity is above its line limit.'
        : 'The cart could not be changed. Please try again.';
    return answer({ ok: false, message, rows: notAdded }, 400);
  }
}

function lineKey(item: { productId: string; variantId: string | null }): string {
  return `${item.productId}|${item.variantId ?? ''}`;
}
