/**
 * Customer center services (spec §7 Customer and customer center): the orders of the customer the caller acts for.
 * A buyer sees every order of their customer, also those placed by a colleague (the list says who placed each).
 */
import {
  type GetOrderResponse,
  type GetOrdersResponse,
  type GetOrdersWithPaginationResponse,
  MAX_ORDERS_WITHOUT_PAGINATION,
  type OrderSummary,
} from '@b2b/contract';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toOrderStatus } from '../documents/order-states.ts';
import { findOrderTimeline } from '../documents/order-timeline.ts';
import { findOrderDetails } from '../order/order.repository.ts';
import { toOrder } from '../order/order-mapper.ts';
import { minorToMajor } from '../price/price-calculation.ts';
import {
  findCustomerOrder,
  type OrderSearch,
  type OrderSummaryRow,
  searchOrders,
} from './customer-center.repository.ts';

type Filters = Omit<OrderSearch, 'customerId'>;

function toSummary(row: OrderSummaryRow): OrderSummary {
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    placedAt: row.createdAt.toISOString(),
    placedBy: row.placedBy,
    status: toOrderStatus(row.status),
    reference: row.reference,
    lineCount: row.lineCount,
    currencyCode: row.currencyCode,
    totalNetPrice: minorToMajor(row.totalNetMinor),
    totalPrice: {
      priceWithVat: minorToMajor(row.totalNetMinor + row.totalVatMinor),
      priceWithoutVat: minorToMajor(row.totalNetMinor),
    },
    isBackorder: row.isBackorder,
    assistedBy: row.impersonationSessionId
      ? { salesPersonName: row.placedBy, sessionId: row.impersonationSessionId }
      : null,
  };
}

/** POST GetOrders: the newest orders matching the filters (at most MAX_ORDERS_WITHOUT_PAGINATION). */
export async function getOrders(ctx: RequestContext, filters: Filters): Promise<GetOrdersResponse> {
  const customer = requireCustomer(ctx);
  const { rows, total } = await searchOrders(
    ctx.db,
    { ...filters, customerId: customer.id },
    { limit: MAX_ORDERS_WITHOUT_PAGINATION, offset: 0 },
  );
  return { orders: rows.map(toSummary), totalCount: total };
}

/** POST GetOrdersWithPagination?pageSize&pageNr: one page; a page beyond the last is empty (with the true total). */
export async function getOrdersWithPagination(
  ctx: RequestContext,
  filters: Filters,
  page: { pageSize: number; pageNr: number },
): Promise<GetOrdersWithPaginationResponse> {
  const customer = requireCustomer(ctx);
  const { rows, total } = await searchOrders(
    ctx.db,
    { ...filters, customerId: customer.id },
    { limit: page.pageSize, offset: (page.pageNr - 1) * page.pageSize },
  );
  return {
    orders: rows.map(toSummary),
    totalCount: total,
    pageNr: page.pageNr,
    pageSize: page.pageSize,
    pageCount: Math.ceil(total / page.pageSize),
  };
}

/** POST GetOrder: the order with lines; 404 when it is not the customer's (spec §7: "404 handled"). */
export async function getOrder(ctx: RequestContext, input: { orderId: string }): Promise<GetOrderResponse> {
  const customer = requireCustomer(ctx);
  const found = await findCustomerOrder(ctx.db, { orderId: input.orderId, customerId: customer.id });
  if (!found) throw new AppError('NotFoundException', 'Order not found.');
  const order = toOrder(await findOrderDetails(ctx.db, found.order));
  const timeline = await findOrderTimeline(ctx.db, { ...order, placedBy: found.placedBy });
  return { order: { ...order, placedBy: found.placedBy, timeline } };
}
