import { ORDER_STATUS_TEXTS } from '@b2b/contract/constants';
import { data, Form, Link, useNavigation } from 'react-router';
import { AssistedByNote } from '~/components/order/assisted-by.tsx';
import { OrderDetails } from '~/components/order/order-details.tsx';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { OrderTimeline } from '~/features/orders/order-timeline.tsx';
import { findOrder, reorder } from '~/features/orders/orders.server.ts';
import { ReorderResult } from '~/features/orders/reorder-result.tsx';
import { requireCustomer } from '~/lib/auth.server.ts';
import { ORDERS_PATH } from '~/lib/customer-center-paths.ts';
import { formatDateTime } from '~/lib/format.ts';
import { titleMeta } from '~/lib/meta.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/customer-center.orders.$orderId';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  titleMeta(loaderData ? `Order ${loaderData.order.orderNumber}` : 'Order');

/** /customer-center/orders/{orderId} (spec §2): one of the customer's orders with its history; another's is a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const order = await findOrder(context, params.orderId);
  // a redirect stored for this address was followed before the loader ran (redirectMiddleware)
  if (!order) throw data(null, { status: 404 });
  // The order keeps no price group of its own: the discount row names the customer's (GetUser), as the receipt does.
  return { order, priceGroup: getSession(context).customer?.priceGroup ?? '' };
}

/** `intent=reorder`: Reorder puts the order's lines into the cart; the page then says what was and was not added. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireCustomer(context, request);
  const form = await request.formData();
  if (form.get('intent') !== 'reorder') return data({ formError: 'Unknown action.' } as const, { status: 400 });
  const result = await reorder(context, params.orderId);
  if (!result) throw data(null, { status: 404 });
  return { reorder: result } as const;
}

export default function OrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { order, priceGroup } = loaderData;
  const navigation = useNavigation();
  const isReordering = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reorder';
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={ORDERS_PATH} className="text-sm text-accent-800 underline hover:text-accent-900">
          <span aria-hidden="true">‹ </span>All orders
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">
            Order <span data-testid="order-number">{order.orderNumber}</span>
          </h1>
          <p className="text-sm text-neutral-600">
            Placed {formatDateTime(order.placedAt)} (UTC)
            {order.assistedBy ? null : ` by ${order.placedBy}`}
          </p>
          <AssistedByNote assistedBy={order.assistedBy} />
        </div>
        <Form method="post">
          <Button type="submit" name="intent" value="reorder" severity="cta-1" disabled={isReordering}>
            {isReordering ? 'Adding to cart…' : 'Reorder'}
          </Button>
        </Form>
      </div>
      {actionData && 'reorder' in actionData ? <ReorderResult result={actionData.reorder} /> : null}
      {actionData && 'formError' in actionData ? <Alert>{actionData.formError}</Alert> : null}
      <OrderTimeline entries={order.timeline} currencyCode={order.currencyCode} />
      <OrderDetails
        order={order}
        priceGroup={priceGroup}
        extraDetails={
          <>
            <dt className="text-neutral-600">Status</dt>
            <dd data-testid="order-status">{ORDER_STATUS_TEXTS[order.status]}</dd>
          </>
        }
      />
    </div>
  );
}
