import { MAX_ORDER_SEARCH_LENGTH, ORDER_STATUS_TEXTS } from '@b2b/contract/constants';
import type { OrderSummary } from '@b2b/contract/customer-center';
import { Form, Link, useNavigation } from 'react-router';
import { useAssistedByText } from '~/components/order/assisted-by.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import {
  CellLabel,
  REFLOW_BODY,
  REFLOW_CELL,
  REFLOW_HEAD,
  REFLOW_ROW,
  REFLOW_TABLE,
  REFLOW_TABLE_BOX,
  REFLOW_TITLE_CELL,
} from '~/components/ui/reflow-table.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { orderListHref, parseOrderListParams } from '~/features/orders/order-list-params.ts';
import { getOrdersPage } from '~/features/orders/orders.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { cn } from '~/lib/cn.ts';
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
        <Button type="submit" severity="primary">
          Find orders
        </Button>
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
        <div className={REFLOW_TABLE_BOX}>
          <table className={REFLOW_TABLE}>
            <caption className="sr-only">Orders, newest first</caption>
            <thead className={cn('border-b border-neutral-200 bg-neutral-50 text-neutral-700', REFLOW_HEAD)}>
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
            <tbody className={REFLOW_BODY}>
              {page.orders.map((order) => (
                <tr
                  key={order.orderId}
                  data-testid="order-row"
                  className={cn('border-b border-neutral-100 last:border-0', REFLOW_ROW)}
                >
                  <th scope="row" className={cn('px-4 py-2 font-medium', REFLOW_TITLE_CELL)}>
                    <Link
                      to={`/customer-center/orders/${order.orderId}`}
                      className="text-accent-800 underline hover:text-accent-900"
                    >
                      <span className="md:hidden">Order </span>
                      {order.orderNumber}
                    </Link>
                  </th>
                  <td className={cn('px-4 py-2 whitespace-nowrap', REFLOW_CELL)}>
                    <CellLabel>Placed</CellLabel>
                    <span>{formatDate(order.placedAt)}</span>
                  </td>
                  <td className={cn('px-4 py-2', REFLOW_CELL)}>
                    <CellLabel>Reference</CellLabel>
                    <span className="break-words">{order.reference || '–'}</span>
                  </td>
                  <td className={cn('px-4 py-2', REFLOW_CELL)}>
                    <CellLabel>Placed by</CellLabel>
                    <span>
                      <PlacedBy order={order} />
                    </span>
                  </td>
                  <td className={cn('px-4 py-2', REFLOW_CELL)}>
                    <CellLabel>Status</CellLabel>
                    <span>
                      {ORDER_STATUS_TEXTS[order.status]}
                      {order.isBackorder ? (
                        <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                          Backorder
                        </span>
                      ) : null}
                    </span>
                  </td>
                  <td className={cn('px-4 py-2 text-right whitespace-nowrap', REFLOW_CELL)}>
                    <CellLabel>Total excl. VAT</CellLabel>
                    <span>{formatMoney(order.totalNetPrice, order.currencyCode)}</span>
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
