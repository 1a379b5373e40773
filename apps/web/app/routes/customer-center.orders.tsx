import { MAX_ORDER_SEARCH_LENGTH, ORDER_STATUS_TEXTS } from '@b2b/contract/constants';
import type { OrderSummary } from '@b2b/contract/customer-center';
import { Form, Link, useNavigation } from 'react-router';
import { useAssistedByText } from '~/components/order/assisted-by.tsx';
import { buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { orderListHref, parseOrderListParams } from '~/features/orders/order-list-params.ts';
import { getOrdersPage } from '~/features/orders/orders.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.orders';

export const meta: Route.MetaFunction = () => titleMeta('Orders');

/** /customer-center/orders (spec §2): the customer's orders, newest first, 20 a page, searchable. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const params = parseOrderListParams(new URL(request.url).searchParams);
  const page = await getOrdersPage(context, params);
  return { params, page };
}

/** The customer's user who placed the order, or the sales rep who placed it for the customer (ADR 013). */
function PlacedBy({ order }: { order: OrderSummary }) {
  const assistedBy = useAssistedByText(order.assistedBy);
  return assistedBy ? <span data-testid="assisted-by">{assistedBy}</span> : order.placedBy;
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { params, page } = loaderData;
  const navigation = useNavigation();
  const isFiltered = Boolean(params.search || params.placedFrom || params.placedTo);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Orders</h1>
      <Form method="get" role="search" aria-label="Find orders" className="flex flex-wrap items-end gap-3">
        <TextField
          label="Order number or reference"
          name="q"
          type="search"
          defaultValue={params.search}
          maxLength={MAX_ORDER_SEARCH_LENGTH}
          className="min-w-56 flex-1"
        />
        <TextField label="Placed from" name="from" type="date" defaultValue={params.placedFrom} />
        <TextField label="Placed to" name="to" type="date" defaultValue={params.placedTo} />
        <button type="submit" className={buttonClassName('primary')}>
          Find orders
        </button>
        {isFiltered ? (
          <Link to="/customer-center/orders" className={buttonClassName('secondary')}>
            Show all
          </Link>
        ) : null}
      </Form>
      <p role="status" className="text-sm text-neutral-600" aria-busy={navigation.state === 'loading'}>
        {page.totalCount === 1 ? '1 order' : `${page.totalCount} orders`}
        {isFiltered ? ' match' : ''}
      </p>
      {page.orders.length === 0 ? (
        <p data-testid="orders-empty" className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
          {isFiltered
            ? 'No orders match. Try another number, reference or date.'
            : 'No orders yet. Orders you place appear here.'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Order
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Placed
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Reference
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Placed by
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Total excl. VAT
                </th>
              </tr>
            </thead>
            <tbody>
              {page.orders.map((order) => (
                <tr key={order.orderId} data-testid="order-row" className="border-b border-neutral-100 last:border-0">
                  <th scope="row" className="px-4 py-2 font-medium">
                    <Link
                      to={`/customer-center/orders/${order.orderId}`}
                      className="text-accent-800 underline hover:text-accent-900"
                    >
                      {order.orderNumber}
                    </Link>
                  </th>
                  <td className="px-4 py-2 whitespace-nowrap">{formatDate(order.placedAt)}</td>
                  <td className="px-4 py-2">{order.reference || '–'}</td>
                  <td className="px-4 py-2">
                    <PlacedBy order={order} />
                  </td>
                  <td className="px-4 py-2">
                    {ORDER_STATUS_TEXTS[order.status]}
                    {order.isBackorder ? (
                      <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        Backorder
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {formatMoney(order.totalNetPrice, order.currencyCode)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label="Order pages"
        currentPage={page.pageNr}
        pageCount={page.pageCount}
        hrefForPage={(pageNr) => orderListHref({ ...params, page: pageNr })}
      />
    </div>
  );
}
