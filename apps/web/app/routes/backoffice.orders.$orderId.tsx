import { ORDER_STATUS_TEXTS } from '@b2b/contract/constants';
import { data, Form, Link, useNavigation } from 'react-router';
import { OrderDetails } from '~/components/order/order-details.tsx';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { BACKOFFICE_PATH, backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { ConfirmAction } from '~/features/backoffice/confirm-action.tsx';
import {
  findOrderForStaff,
  type OrderActionIntent,
  type OrderActionResult,
  runOrderAction,
} from '~/features/backoffice/orders/backoffice-orders.server.ts';
import { type FormFeedback, InvoicePanel } from '~/features/backoffice/orders/invoice-panel.tsx';
import { StaffOrderTimeline } from '~/features/backoffice/orders/staff-order-timeline.tsx';
import { formatDateTime, formatMoney } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.orders.$orderId';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  backofficeMeta(loaderData ? `Order ${loaderData.order.orderNumber}` : 'Order');

/** /backoffice/orders/:orderId (issue 28): one order of any customer, and what staff do with it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const found = await findOrderForStaff(context, params.orderId);
  if (!found) throw data(null, { status: 404 });
  return { ...found, today: new Date().toISOString().slice(0, 10) };
}

/** Every form of the page posts here with its `intent`; the loader then reads the order again. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const found = await findOrderForStaff(context, params.orderId);
  if (!found) throw data(null, { status: 404 });
  const result = await runOrderAction(context, found, await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
}

function feedbackFor(result: OrderActionResult | undefined, intent: OrderActionIntent): FormFeedback {
  return result && !result.ok && result.intent === intent ? { message: result.message, field: result.field } : null;
}

export default function BackofficeOrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { order, customer, invoices, allowedNextStates, today } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const stateError = feedbackFor(actionData, 'state');
  const receiptError = feedbackFor(actionData, 'receipt');
  const forwardMoves = allowedNextStates.filter((state) => state !== 'Cancelled');
  const canCancel = allowedNextStates.includes('Cancelled');
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link to={`${BACKOFFICE_PATH}/orders`} className="text-sm text-accent-800 underline hover:text-accent-900">
          <span aria-hidden="true">‹ </span>Orders
        </Link>
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Order {order.orderNumber}</h1>
        <p className="text-sm">
          State: <strong data-testid="backoffice-order-status">{ORDER_STATUS_TEXTS[order.status]}</strong>
        </p>
      </div>
      <p className="text-sm text-neutral-700">
        {customer.name} ({customer.customerNumber}, {customer.areaId.toUpperCase()}) · placed{' '}
        {formatDateTime(order.placedAt)} UTC by{' '}
        {order.assistedBy ? `${order.assistedBy.salesPersonName} (sales rep)` : order.placedBy} ·{' '}
        {formatMoney(order.totalPrice.priceWithVat, order.currencyCode)} incl. VAT
      </p>
      <div aria-live="polite" role="status">
        {actionData?.ok ? (
          <p className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {actionData.message}
          </p>
        ) : null}
      </div>
      {actionData && !actionData.ok && actionData.intent === null ? <Alert>{actionData.message}</Alert> : null}

      <section
        aria-labelledby="state-heading"
        className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4"
      >
        <h2 id="state-heading" className="text-lg font-semibold">
          Change state
        </h2>
        {allowedNextStates.length === 0 ? (
          <p className="text-sm text-neutral-700">
            {ORDER_STATUS_TEXTS[order.status]} is final: the order does not move any more.
            {order.status === 'Completed' ? ' Credit its invoice to give money back.' : ''}
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            {forwardMoves.length > 0 ? (
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="state" />
                <TextField label="Note for the history (optional)" name="note" maxLength={500} className="min-w-64" />
                {forwardMoves.map((state) => (
                  <Button key={state} type="submit" name="state" value={state} disabled={isBusy} severity="primary">
                    {state === 'Invoiced' ? 'Invoice the order' : `Move to ${ORDER_STATUS_TEXTS[state]}`}
                  </Button>
                ))}
              </Form>
            ) : null}
            {canCancel ? (
              <ConfirmAction
                label="Cancel the order"
                title={`Cancel order ${order.orderNumber}?`}
                confirmLabel="Cancel the order"
                fields={{ intent: 'state', state: 'Cancelled' }}
              >
                The order of {customer.name} over {formatMoney(order.totalPrice.priceWithVat, order.currencyCode)} is
                cancelled for good and its reserved stock is released. This cannot be undone.
              </ConfirmAction>
            ) : null}
          </div>
        )}
        {stateError ? <Alert>{stateError.message}</Alert> : null}
      </section>

      {invoices.map((invoice) => (
        <InvoicePanel
          key={invoice.invoiceId}
          invoice={invoice}
          today={today}
          creditError={feedbackFor(actionData, 'credit')}
          paymentError={feedbackFor(actionData, 'payment')}
        />
      ))}

      <StaffOrderTimeline entries={order.timeline} currencyCode={order.currencyCode} />
      <OrderDetails order={order} />

      <section aria-labelledby="receipt-heading" className="rounded-lg border border-neutral-200 bg-white p-4">
        <h2 id="receipt-heading" className="text-lg font-semibold">
          Send a copy of the order confirmation
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="receipt" />
          <TextField
            label="To address"
            name="email"
            type="email"
            required
            maxLength={254}
            className="min-w-64"
            error={receiptError?.message}
          />
          <Button type="submit" disabled={isBusy} severity="secondary">
            Send copy
          </Button>
        </Form>
      </section>
    </div>
  );
}
