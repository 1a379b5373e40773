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
import { loadOrderWithTimeline } from '../order/order.service.ts';
import { toOrderStatus } from '../order/order-states.ts';
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

/**
 * The caller's customer's order with this id and the name of who placed it; 404 for another customer's order as for
 * an unknown id (spec §7: "404 handled"). GetOrder and Reorder find the order through it.
 */
export async function requireCustomerOrder(ctx: RequestContext, input: { orderId: string }) {
  const customer = requireCustomer(ctx);
  const found = await findCustomerOrder(ctx.db, { orderId: input.orderId, customerId: customer.id });
  if (!found) throw new AppError('NotFoundException', 'Order not found.');
  return found;
}

/** POST GetOrder: the order with lines and its timeline; 404 when it is not the customer's. */
export async function getOrder(ctx: RequestContext, input: { orderId: string }): Promise<GetOrderResponse> {
  const found = await requireCustomerOrder(ctx, input);
  return { order: await loadOrderWithTimeline(ctx, found) };
}
