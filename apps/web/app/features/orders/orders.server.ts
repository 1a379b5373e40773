/** The customer's orders from the API (spec §7 CustomerCenter), for the customer center pages. */
import {
  DEFAULT_ORDERS_PAGE_SIZE,
  type GetOrderResponse,
  type GetOrdersWithPaginationResponse,
  type OrderFilters,
  type ReorderResponse,
} from '@b2b/contract';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { OrderListParams } from './order-list-params.ts';

type Context = Readonly<RouterContextProvider>;

export async function getOrdersPage(
  context: Context,
  params: OrderListParams,
): Promise<GetOrdersWithPaginationResponse> {
  const { area } = getSession(context);
  const body: OrderFilters = {
    area,
    ...(params.search ? { search: params.search } : {}),
    ...(params.placedFrom ? { placedFrom: params.placedFrom } : {}),
    ...(params.placedTo ? { placedTo: params.placedTo } : {}),
  };
  // spec §5: paged lists send pageSize and pageNr; the page shows the contract's default number of orders.
  return getApi(context).call(customerCenterEndpoints.getOrdersWithPagination, {
    query: { pageSize: DEFAULT_ORDERS_PAGE_SIZE, pageNr: params.page },
    body,
  });
}

/** One of the customer's orders, or null when it is not theirs or does not exist (the API's 404, or 400 for no id). */
export async function findOrder(context: Context, orderId: string): Promise<GetOrderResponse['order'] | null> {
  const { area } = getSession(context);
  try {
    return (await getApi(context).call(customerCenterEndpoints.getOrder, { body: { area, orderId } })).order;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * Reorder (ADR 014): the order's product lines into the customer's open cart at today's prices. Null when the order
 * is not the customer's.
 */
export async function reorder(context: Context, orderId: string): Promise<ReorderResponse | null> {
  const { area } = getSession(context);
  try {
    return await getApi(context).call(documentsEndpoints.reorder, { body: { area, orderId } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
