import { data, Link } from 'react-router';
import { AssistedByNote } from '~/components/order/assisted-by.tsx';
import { OrderDetails } from '~/components/order/order-details.tsx';
import { findOrder } from '~/features/orders/orders.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { formatDateTime } from '~/lib/format.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.orders.$orderId';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  titleMeta(loaderData ? `Order ${loaderData.order.orderNumber}` : 'Order');

/** /customer-center/orders/{orderId} (spec §2): one of the customer's orders; another customer's is a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const order = await findOrder(context, params.orderId);
  if (!order) throw data(null, { status: 404 });
  return { order };
}

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to="/customer-center/orders" className="text-sm text-accent-800 underline hover:text-accent-900">
          <span aria-hidden="true">‹ </span>All orders
        </Link>
      </p>
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
      <OrderDetails
        order={order}
        extraDetails={
          <>
            <dt className="text-neutral-600">Status</dt>
            <dd data-testid="order-status">{order.status}</dd>
          </>
        }
      />
    </div>
  );
}
