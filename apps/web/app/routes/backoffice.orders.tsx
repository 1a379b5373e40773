import { ORDER_STATUS_TEXTS, ORDER_STATUSES } from '@b2b/contract/constants';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { BACKOFFICE_PATH, backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { searchOrders } from '~/features/backoffice/orders/backoffice-orders.server.ts';
import {
  isOrderSearchFiltered,
  orderSearchPageHref,
  readOrderSearchParams,
} from '~/features/backoffice/orders/order-search-params.ts';
import { SortableHeader } from '~/features/backoffice/sortable-header.tsx';
import { formatCount, formatDateTime, formatMoney } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.orders';

const ORDERS_PATH = `${BACKOFFICE_PATH}/orders`;

export const meta: Route.MetaFunction = () => backofficeMeta('Orders');

/** /backoffice/orders (issue 28): every customer's orders, filtered, sorted and paged from the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const search = readOrderSearchParams(new URL(request.url).searchParams);
  return { search, outcome: await searchOrders(context, search) };
}

const CELL = 'px-3 py-2';

export default function BackofficeOrdersRoute({ loaderData }: Route.ComponentProps) {
  const { search, outcome } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const isFiltered = isOrderSearchFiltered(search);
  const fieldError = (field: string) => (!outcome.ok && outcome.field === field ? outcome.message : undefined);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Orders</h1>
      <Form
        method="get"
        role="search"
        aria-label="Find orders"
        className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        {/* Sorting stays as it was when the filters change. */}
        <input type="hidden" name="sort" value={search.sort.field} />
        <input type="hidden" name="dir" value={search.sort.direction} />
        <TextField
          label="Order number"
          name="number"
          type="search"
          defaultValue={search.number}
          hint="Its beginning is enough, e.g. SO-0001"
          maxLength={20}
          error={fieldError('orderNumber')}
        />
        <TextField
          label="Customer"
          name="customer"
          type="search"
          defaultValue={search.customer}
          hint="Number or part of the name"
          maxLength={100}
          error={fieldError('customer')}
        />
        <TextField
          label="Placed from"
          name="from"
          type="date"
          defaultValue={search.from}
          error={fieldError('placedFrom')}
        />
        <TextField label="Placed to" name="to" type="date" defaultValue={search.to} error={fieldError('placedTo')} />
        <TextField
          label="Total incl. VAT from"
          name="min"
          inputMode="decimal"
          defaultValue={search.min}
          error={fieldError('totalMin')}
        />
        <TextField
          label="Total incl. VAT to"
          name="max"
          inputMode="decimal"
          defaultValue={search.max}
          error={fieldError('totalMax')}
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-neutral-800">State</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {ORDER_STATUSES.map((state) => (
              <label key={state} className="inline-flex items-center gap-1.5 text-sm">
                <input type="checkbox" name="state" value={state} defaultChecked={search.states.includes(state)} />
                {ORDER_STATUS_TEXTS[state]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 xl:col-span-4">
          <Button type="submit" severity="primary">
            Find orders
          </Button>
          {isFiltered ? (
            <Link to={ORDERS_PATH} className={buttonClassName('secondary')}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      {outcome.ok ? (
        <>
          <p role="status" className="text-sm text-neutral-700" aria-busy={navigation.state === 'loading'}>
            {outcome.page.isTotalCountCapped
              ? `More than ${formatCount(outcome.page.totalCount)} orders`
              : outcome.page.totalCount === 1
                ? '1 order'
                : `${formatCount(outcome.page.totalCount)} orders`}
            {isFiltered ? ' match' : ''}
            {outcome.page.pageCount > 1
              ? ` · page ${outcome.page.pageNr}${outcome.page.isTotalCountCapped ? '' : ` of ${outcome.page.pageCount}`}`
              : ''}
          </p>
          {outcome.page.orders.length === 0 ? (
            <p className="rounded-lg border border-neutral-200 bg-white p-4 text-sm text-neutral-700">
              {isFiltered ? 'No orders match these filters.' : 'No orders have been placed yet.'}
            </p>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">Orders</caption>
                <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
                  <tr>
                    <SortableHeader field="orderNumber" label="Order" sort={search.sort} />
                    <SortableHeader field="customer" label="Customer" sort={search.sort} />
                    <SortableHeader field="placedAt" label="Placed (UTC)" sort={search.sort} />
                    <SortableHeader field="state" label="State" sort={search.sort} />
                    <SortableHeader field="total" label="Total incl. VAT" sort={search.sort} className="text-right" />
                    <th scope="col" className={`${CELL} font-semibold`}>
                      Notes
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {outcome.page.orders.map((order) => (
                    <tr
                      key={order.orderId}
                      data-testid="backoffice-order-row"
                      className="border-b border-neutral-100 last:border-0"
                    >
                      <th scope="row" className={`${CELL} font-medium whitespace-nowrap`}>
                        <Link
                          to={`${ORDERS_PATH}/${order.orderId}`}
                          className="text-accent-800 underline hover:text-accent-900"
                        >
                          {order.orderNumber}
                        </Link>
                      </th>
                      <td className={CELL}>
                        <span className="block">{order.customerName}</span>
                        <span className="block text-xs text-neutral-600">
                          {order.customerNumber} · {order.areaId.toUpperCase()}
                        </span>
                      </td>
                      <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(order.placedAt)}</td>
                      <td className={`${CELL} whitespace-nowrap`} data-testid="backoffice-order-state">
                        {ORDER_STATUS_TEXTS[order.state]}
                      </td>
                      <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                        {formatMoney(order.totalWithVat, order.currencyCode)}
                      </td>
                      <td className={`${CELL} text-xs text-neutral-700`}>
                        {[order.isInvoiced ? 'Invoiced' : null, order.isPlacedByRep ? 'Placed by a sales rep' : null]
                          .filter(Boolean)
                          .join(' · ') || '–'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            currentPage={outcome.page.pageNr}
            pageCount={outcome.page.pageCount}
            label="Pages of orders"
            hrefForPage={(page) => orderSearchPageHref(new URLSearchParams(location.search), page)}
          />
        </>
      ) : (
        <Alert title="These filters cannot be used">
          {outcome.field ? `${outcome.field}: ` : ''}
          {outcome.message}
        </Alert>
      )}
    </div>
  );
}
