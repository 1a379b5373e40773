/**
 * The back office's order calls from the web (issue 28): the search behind /backoffice/orders, one order for
 * /backoffice/orders/:orderId, and the actions on it (state, credit memo, payment, receipt copy). Each action answers
 * a message to show, or the API's error with the field it names, so the page shows it next to the form.
 */
import type { BackofficeOrderResponse, BackofficeOrderSearchBody, BackofficeOrderSearchResponse } from '@b2b/contract';
import { ORDER_STATUS_TEXTS, ORDER_STATUSES, type OrderStatus } from '@b2b/contract/constants';
import { backofficeOrderEndpoints } from '@b2b/contract/endpoints/backoffice-order';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import type { OrderSearchParams } from './order-search-params.ts';

type Context = Readonly<RouterContextProvider>;

/** A filter the API refused (a bad amount typed into the form), to show beside the form. */
export type OrderSearchOutcome =
  | { ok: true; page: BackofficeOrderSearchResponse }
  | { ok: false; field: string | null; message: string };

function amountOf(text: string): number | string {
  const amount = Number(text.replace(',', '.'));
  return text !== '' && Number.isFinite(amount) ? amount : text;
}

export async function searchOrders(context: Context, search: OrderSearchParams): Promise<OrderSearchOutcome> {
  const body: Record<string, unknown> = {
    sortBy: search.sort.field,
    sortDirection: search.sort.direction,
    pageNr: search.page,
  };
  if (search.number) body.orderNumber = search.number;
  if (search.customer) body.customer = search.customer;
  if (search.states.length > 0) body.states = search.states;
  if (search.from) body.placedFrom = search.from;
  if (search.to) body.placedTo = search.to;
  if (search.min) body.totalMin = amountOf(search.min);
  if (search.max) body.totalMax = amountOf(search.max);
  try {
    const page = await getApi(context).call(backofficeOrderEndpoints.getOrdersBySearch, {
      body: body as BackofficeOrderSearchBody,
    });
    return { ok: true, page };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const first = error.body?.errors?.[0];
      return { ok: false, field: first?.field ?? null, message: first?.message ?? error.message };
    }
    throw error;
  }
}

/** The order for staff, or null when there is none with this id (404, or 400 for a malformed id). */
export async function findOrderForStaff(context: Context, orderId: string): Promise<BackofficeOrderResponse | null> {
  try {
    return await getApi(context).call(backofficeOrderEndpoints.getOrderById, { body: { orderId } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export type OrderActionIntent = 'state' | 'credit' | 'payment' | 'receipt';

export type OrderActionResult =
  | { intent: OrderActionIntent; ok: true; message: string }
  | { intent: OrderActionIntent | null; ok: false; message: string; field: string | null };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function failure(intent: OrderActionIntent, error: unknown): OrderActionResult {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const first = error.body?.errors?.[0];
    // 409 IllegalOrderStateTransitionException lists the allowed states as its errors: its message says it all.
    const detail = error.status === 400 && first ? `${first.field}: ${first.message}` : error.message;
    return { intent, ok: false, message: detail, field: error.status === 400 ? (first?.field ?? null) : null };
  }
  throw error;
}

/** Credit lines: `qty-<invoiceLineId>` fields with a quantity above 0. */
function creditLinesOf(form: FormData): Array<{ invoiceLineId: string; quantity: number }> {
  const lines: Array<{ invoiceLineId: string; quantity: number }> = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith('qty-') || typeof value !== 'string' || value.trim() === '') continue;
    lines.push({ invoiceLineId: name.slice(4), quantity: Number(value) });
  }
  return lines.filter((line) => line.quantity !== 0);
}

/** Runs the action the form names on the order and answers what to show. */
export async function runOrderAction(
  context: Context,
  order: BackofficeOrderResponse,
  form: FormData,
): Promise<OrderActionResult> {
  const intent = text(form, 'intent') as OrderActionIntent;
  const api = getApi(context);
  const orderNumber = order.order.orderNumber;
  try {
    switch (intent) {
      case 'state': {
        const state = text(form, 'state') as OrderStatus;
        if (!ORDER_STATUSES.includes(state)) {
          return { intent, ok: false, message: 'Choose the state to move the order to.', field: 'state' };
        }
        const note = text(form, 'note');
        const answer = await api.call(documentsEndpoints.updateOrderState, {
          body: { orderId: order.order.orderId, state, ...(note ? { note } : {}) },
        });
        const invoiced = answer.invoice ? ` Invoice ${answer.invoice.invoiceNumber} was created.` : '';
        return {
          intent,
          ok: true,
          message: `Order ${orderNumber} is now ${ORDER_STATUS_TEXTS[answer.state]}.${invoiced}`,
        };
      }
      case 'credit': {
        const invoiceId = text(form, 'invoiceId');
        const reason = text(form, 'reason');
        const scope = text(form, 'scope');
        const invoice = order.invoices.find((candidate) => candidate.invoiceId === invoiceId);
        const lines =
          scope === 'all' && invoice
            ? invoice.lines
                .filter((line) => line.quantity - line.creditedQuantity > 0)
                .map((line) => ({ invoiceLineId: line.invoiceLineId, quantity: line.quantity - line.creditedQuantity }))
            : creditLinesOf(form);
        if (lines.length === 0) {
          return { intent, ok: false, message: 'Enter a quantity to credit on at least one line.', field: 'lines' };
        }
        const answer = await api.call(documentsEndpoints.createCreditMemo, { body: { invoiceId, lines, reason } });
        return {
          intent,
          ok: true,
          message: `Credit memo ${answer.creditMemo.creditMemoNumber} was created for invoice ${answer.creditMemo.invoiceNumber}.`,
        };
      }
      case 'payment': {
        const invoiceId = text(form, 'invoiceId');
        const paidOn = text(form, 'paidOn');
        const amount = text(form, 'amount');
        const reference = text(form, 'reference');
        const answer = await api.call(documentsEndpoints.registerInvoicePayment, {
          body: {
            invoiceId,
            ...(paidOn ? { paidAt: `${paidOn}T12:00:00.000Z` } : {}),
            ...(amount ? { amount: Number(amount.replace(',', '.')) } : {}),
            ...(reference ? { reference } : {}),
          },
        });
        return { intent, ok: true, message: `Invoice ${answer.invoice.invoiceNumber} is paid.` };
      }
      case 'receipt': {
        const email = text(form, 'email');
        await api.call(documentsEndpoints.sendReceiptCopy, { body: { orderId: order.order.orderId, email } });
        return { intent, ok: true, message: `A copy of the order confirmation is on its way to ${email}.` };
      }
      default:
        return { intent: null, ok: false, message: 'Unknown action.', field: null };
    }
  } catch (error) {
    return failure(intent, error);
  }
}
