/**
 * The back office's order reads (issue 28): GetBySearch, the table staff work from, and GetById, one order with its
 * invoices and the state moves its state allows (order-states.ts), so the page offers only those.
 */
import {
  type AreaId,
  BACKOFFICE_ORDER_COUNT_LIMIT,
  type BackofficeOrderResponse,
  type BackofficeOrderSearchBody,
  type BackofficeOrderSearchResponse,
} from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getInvoicesOfOrder } from '../documents/invoice-queries.service.ts';
import { MINOR_UNITS_PER_MAJOR, minorToMajor } from '../price/price-calculation.ts';
import {
  findCustomerIdsMatching,
  findOrderForBackoffice,
  type OrderSearchFilters,
  type OrderSearchRow,
  searchOrdersForBackoffice,
} from './backoffice-order-search.repository.ts';
import { loadOrderWithTimeline } from './order.service.ts';
import { orderNumberRangeOf } from './order-number-prefix.ts';
import { allowedNextStates, toOrderStatus } from './order-states.ts';

async function filtersOf(ctx: RequestContext, body: BackofficeOrderSearchBody): Promise<OrderSearchFilters> {
  const range = body.orderNumber ? orderNumberRangeOf(body.orderNumber) : null;
  return {
    orderNumberPrefix: range?.prefix,
    orderNumberPrefixEnd: range?.end,
    customerIds: body.customer ? await findCustomerIdsMatching(ctx.db, body.customer) : undefined,
    states: body.states,
    placedFrom: body.placedFrom,
    placedTo: body.placedTo,
    totalMinMinor: body.totalMin === undefined ? undefined : Math.round(body.totalMin * MINOR_UNITS_PER_MAJOR),
    totalMaxMinor: body.totalMax === undefined ? undefined : Math.round(body.totalMax * MINOR_UNITS_PER_MAJOR),
    currencyCode: body.currencyCode,
    areaId: body.areaId,
  };
}

function toRow(row: OrderSearchRow): BackofficeOrderSearchResponse['orders'][number] {
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    customerNumber: row.customerNumber,
    customerName: row.customerName,
    areaId: row.areaId as AreaId,
    placedAt: new Date(row.createdAt).toISOString(),
    state: toOrderStatus(row.status),
    currencyCode: row.currencyCode,
    totalWithVat: minorToMajor(row.totalWithVatMinor),
    isPlacedByRep: row.isPlacedByRep,
    isInvoiced: row.isInvoiced,
  };
}

/** POST /backoffice/api/Order/GetBySearch: one page of every customer's orders matching the filters. */
export async function searchOrders(
  ctx: RequestContext,
  body: BackofficeOrderSearchBody,
): Promise<BackofficeOrderSearchResponse> {
  const { rows, total } = await searchOrdersForBackoffice(
    ctx.db,
    await filtersOf(ctx, body),
    { by: body.sortBy, direction: body.sortDirection },
    { limit: body.pageSize, offset: (body.pageNr - 1) * body.pageSize, countLimit: BACKOFFICE_ORDER_COUNT_LIMIT },
  );
  const counted = Math.min(total, BACKOFFICE_ORDER_COUNT_LIMIT);
  return {
    orders: rows.map(toRow),
    totalCount: counted,
    isTotalCountCapped: total > BACKOFFICE_ORDER_COUNT_LIMIT,
    pageNr: body.pageNr,
    pageSize: body.pageSize,
    pageCount: Math.ceil(counted / body.pageSize),
  };
}

/** POST /backoffice/api/Order/GetById: the order as the customer sees it, plus its customer, invoices and next moves. */
export async function getOrderForBackoffice(
  ctx: RequestContext,
  input: { orderId: string },
): Promise<BackofficeOrderResponse> {
  const found = await findOrderForBackoffice(ctx.db, input.orderId);
  if (!found) throw new AppError('NotFoundException', `Order ${input.orderId} was not found.`);
  const [order, invoices] = await Promise.all([
    loadOrderWithTimeline(ctx, { order: found.order, placedBy: found.placedBy }),
    getInvoicesOfOrder(ctx, { orderId: found.order.id }),
  ]);
  return {
    order,
    customer: { ...found.customer, areaId: found.customer.areaId as AreaId },
    invoices,
    allowedNextStates: [...allowedNextStates(toOrderStatus(found.order.status))],
  };
}
