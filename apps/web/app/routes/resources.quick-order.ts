import { data } from 'react-router';
import { addLinesToCart, linesAddedMessage } from '~/features/cart/cart-action.server.ts';
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
 * the rest (unknown numbers, products that need a variant, bad quantities), which stay in their rows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isCustomerSession(context)) {
    return answer({ ok: false, message: 'Log in with a customer account to order.', rows: [] }, 401);
  }
  const rows = readTypedRows((await request.formData()).get(QUICK_ORDER_ROWS_FIELD));
  if (!rows || rows.length === 0)
    return answer({ ok: false, message: 'Enter an item number to order.', rows: [] }, 400);
  const resolved = await resolveItemNumbers(
    context,
    rows.map((row) => row.itemNumber),
  );
  const { lines, outcomes } = planQuickOrder(rows, resolved);
  if (lines.length === 0) return answer({ ok: false, message: 'Nothing was added.', rows: outcomes }, 400);
  try {
    const change = await addLinesToCart(context, lines);
    return answer({ ok: true, message: linesAddedMessage(lines), rows: outcomes, tracking: change.tracking });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    console.error('[quick-order] AddOrUpdateLines failed', error.status, error.type);
    const notAdded = outcomes.map((outcome) =>
      outcome.status === 'added'
        ? { itemNumber: outcome.itemNumber, status: 'not-added' as const, message: 'Not added: please try again' }
        : outcome,
    );
    return answer({ ok: false, message: 'The cart could not be changed. Please try again.', rows: notAdded }, 400);
  }
}
