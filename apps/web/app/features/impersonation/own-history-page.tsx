import { ORDER_STATUS_TEXTS } from '@b2b/contract/constants';
import type { ImpersonationEndReason } from '@b2b/contract/impersonation';
import type {
  GetOwnAssistedOrdersResponse,
  GetOwnImpersonationSessionsResponse,
  OwnAssistedOrder,
  OwnImpersonationSession,
} from '@b2b/contract/sales-rep-history';
import { Link } from 'react-router';
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
import { cn } from '~/lib/cn.ts';
import { orderPath } from '~/lib/customer-center-paths.ts';
import { formatCount, formatDate, formatDateTime, formatMoney } from '~/lib/format.ts';
import { actForCustomerHref } from '~/lib/sales-rep.ts';
import { IMPERSONATION_PATH } from '~/lib/session-summary.ts';
import { type OwnHistoryParams, ownHistoryHref } from './own-history-params.ts';

/** How a session ended, in the rep's words (the customer's page says the same about "the sales rep"). */
const END_REASONS: Record<ImpersonationEndReason, string> = {
  ended: 'You ended it',
  logout: 'You logged out',
  'password-changed': 'Your password changed',
  replaced: 'You started another session',
  expired: 'Its 8 hours ran out',
};

const LINK_CLASS = 'font-medium text-accent-800 underline hover:text-accent-900';
const HEADER_CELL = 'px-4 py-2 font-medium';

function countText(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

function pageCountOf(list: { totalCount: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(list.totalCount / list.pageSize));
}

function SessionEnd({ session }: { session: OwnImpersonationSession }) {
  if (!session.endedAt || !session.endReason) {
    return (
      <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="running">
        Running
      </span>
    );
  }
  return (
    <span>
      {formatDateTime(session.endedAt)}
      <span className="block text-xs text-neutral-600">{END_REASONS[session.endReason]}</span>
    </span>
  );
}

function SessionsTable({ sessions }: { sessions: OwnImpersonationSession[] }) {
  return (
    <div className={REFLOW_TABLE_BOX}>
      <table className={REFLOW_TABLE}>
        <caption className="sr-only">Your sessions, newest first (times in UTC)</caption>
        <thead className={cn('border-b border-neutral-200 bg-neutral-50 text-neutral-700', REFLOW_HEAD)}>
          <tr>
            <th scope="col" className={HEADER_CELL}>
              Customer
            </th>
            <th scope="col" className={HEADER_CELL}>
              Started (UTC)
            </th>
            <th scope="col" className={HEADER_CELL}>
              Ended (UTC)
            </th>
            <th scope="col" className={HEADER_CELL}>
              Reason
            </th>
            <th scope="col" className={cn(HEADER_CELL, 'text-right')}>
              Changes
            </th>
            <th scope="col" className={cn(HEADER_CELL, 'text-right')}>
              Orders
            </th>
          </tr>
        </thead>
        <tbody className={REFLOW_BODY}>
          {sessions.map((session) => (
            <tr
              key={session.sessionId}
              data-testid="own-session"
              className={cn('border-b border-neutral-100 last:border-0', REFLOW_ROW)}
            >
              <th scope="row" className={cn('px-4 py-2 font-medium', REFLOW_TITLE_CELL)}>
                {session.customer.name}
                <span className="block text-xs font-normal text-neutral-600">{session.customer.customerNo}</span>
              </th>
              <td className={cn('px-4 py-2 whitespace-nowrap', REFLOW_CELL)}>
                <CellLabel>Started (UTC)</CellLabel>
                <span>{formatDateTime(session.startedAt)}</span>
              </td>
              <td className={cn('px-4 py-2', REFLOW_CELL)}>
                <CellLabel>Ended (UTC)</CellLabel>
                <SessionEnd session={session} />
              </td>
              <td className={cn('px-4 py-2', REFLOW_CELL)}>
                <CellLabel>Reason</CellLabel>
                <span className="break-words" data-testid="own-session-reason">
                  {session.reason || '–'}
                </span>
              </td>
              <td className={cn('px-4 py-2 text-right', REFLOW_CELL)}>
                <CellLabel>Changes</CellLabel>
                <span data-testid="own-session-changes">{formatCount(session.actionCount)}</span>
              </td>
              <td className={cn('px-4 py-2 text-right', REFLOW_CELL)}>
                <CellLabel>Orders</CellLabel>
                <span>{formatCount(session.orderCount)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The order's page is the customer's: while the rep acts for that customer it opens at once; otherwise the link
 * leads to acting for the customer, which then opens it (the impersonation page's `redirect`).
 */
function OrderLink({ order, actingForCustomerNo }: { order: OwnAssistedOrder; actingForCustomerNo: string | null }) {
  if (order.customer.customerNo === actingForCustomerNo) {
    return (
      <Link to={orderPath(order.orderId)} className={LINK_CLASS}>
        {order.orderNumber}
      </Link>
    );
  }
  return (
    <span>
      <Link to={actForCustomerHref(orderPath(order.orderId), order.customer.customerNo)} className={LINK_CLASS}>
        {order.orderNumber}
      </Link>
      <span className="block text-xs font-normal text-neutral-600">Opens when you act for the customer</span>
    </span>
  );
}

function OrdersTable({
  orders,
  actingForCustomerNo,
}: {
  orders: OwnAssistedOrder[];
  actingForCustomerNo: string | null;
}) {
  return (
    <div className={REFLOW_TABLE_BOX}>
      <table className={REFLOW_TABLE}>
        <caption className="sr-only">Orders you placed for your customers, newest first</caption>
        <thead className={cn('border-b border-neutral-200 bg-neutral-50 text-neutral-700', REFLOW_HEAD)}>
          <tr>
            <th scope="col" className={HEADER_CELL}>
              Order
            </th>
            <th scope="col" className={HEADER_CELL}>
              Customer
            </th>
            <th scope="col" className={HEADER_CELL}>
              Placed
            </th>
            <th scope="col" className={HEADER_CELL}>
              Status
            </th>
            <th scope="col" className={cn(HEADER_CELL, 'text-right')}>
              Total excl. VAT
            </th>
          </tr>
        </thead>
        <tbody className={REFLOW_BODY}>
          {orders.map((order) => (
            <tr
              key={order.orderId}
              data-testid="own-order"
              className={cn('border-b border-neutral-100 last:border-0', REFLOW_ROW)}
            >
              <th scope="row" className={cn('px-4 py-2 font-medium', REFLOW_TITLE_CELL)}>
                <OrderLink order={order} actingForCustomerNo={actingForCustomerNo} />
              </th>
              <td className={cn('px-4 py-2', REFLOW_CELL)}>
                <CellLabel>Customer</CellLabel>
                <span className="break-words">
                  {order.customer.name} ({order.customer.customerNo})
                </span>
              </td>
              <td className={cn('px-4 py-2 whitespace-nowrap', REFLOW_CELL)}>
                <CellLabel>Placed</CellLabel>
                <span>{formatDate(order.placedAt)}</span>
              </td>
              <td className={cn('px-4 py-2', REFLOW_CELL)}>
                <CellLabel>Status</CellLabel>
                <span>{ORDER_STATUS_TEXTS[order.status]}</span>
              </td>
              <td className={cn('px-4 py-2 text-right whitespace-nowrap', REFLOW_CELL)}>
                <CellLabel>Total excl. VAT</CellLabel>
                <span data-testid="own-order-total">{formatMoney(order.totalNetPrice, order.currencyCode)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /customer-center/impersonation/sessions (issue 24): the rep's own page. Every time they acted for one of their
 * customers (for whom, when, why, how much changed) and the orders they placed, newest first, each list paged on its
 * own. The customers see the same sessions under "Assisted sessions"; the back office sees them all.
 */
export function OwnHistoryPage({
  params,
  sessions,
  orders,
  actingForCustomerNo,
}: {
  params: OwnHistoryParams;
  sessions: GetOwnImpersonationSessionsResponse;
  orders: GetOwnAssistedOrdersResponse;
  /** The customer the rep acts for now, if any: that customer's orders open directly. */
  actingForCustomerNo: string | null;
}) {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">My assisted sessions</h1>
        <p className="mt-1 max-w-prose text-sm text-neutral-700">
          Every time you acted for one of your customers, and the orders you placed for them, newest first. Your
          customers see the same sessions under “Assisted sessions”.
        </p>
      </div>

      <section aria-labelledby="own-sessions-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h2 id="own-sessions-heading" className="text-lg font-semibold">
            Sessions
          </h2>
          <p className="text-sm text-neutral-700" data-testid="own-sessions-count">
            {countText(sessions.totalCount, 'session', 'sessions')}
          </p>
        </div>
        {sessions.sessions.length === 0 ? (
          <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
            You have not acted for a customer yet.{' '}
            <Link to={IMPERSONATION_PATH} className={LINK_CLASS}>
              Act for a customer
            </Link>
          </p>
        ) : (
          <SessionsTable sessions={sessions.sessions} />
        )}
        <Pagination
          label="Session pages"
          currentPage={sessions.pageNr}
          pageCount={pageCountOf(sessions)}
          hrefForPage={(page) => ownHistoryHref({ ...params, sessionsPage: page })}
        />
      </section>

      <section aria-labelledby="own-orders-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h2 id="own-orders-heading" className="text-lg font-semibold">
            Orders you placed
          </h2>
          <p className="text-sm text-neutral-700" data-testid="own-orders-count">
            {countText(orders.totalCount, 'order', 'orders')}
          </p>
        </div>
        {orders.orders.length === 0 ? (
          <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
            You have not placed an order for a customer yet.
          </p>
        ) : (
          <OrdersTable orders={orders.orders} actingForCustomerNo={actingForCustomerNo} />
        )}
        <Pagination
          label="Order pages"
          currentPage={orders.pageNr}
          pageCount={pageCountOf(orders)}
          hrefForPage={(page) => ownHistoryHref({ ...params, ordersPage: page })}
        />
      </section>
    </div>
  );
}
