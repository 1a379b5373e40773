/** The customer's orders from the API (spec §7 CustomerCenter), for the customer center pages. */
import type { GetOrderResponse, GetOrdersWithPaginationBody, GetOrdersWithPaginationResponse } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { OrderListParams } from './order-list-params.ts';

type Context = Readonly<RouterContextProvider>;

export const ORDERS_PAGE_SIZE = 20;

export async function getOrdersPage(
  context: Context,
  params: OrderListParams,
): Promise<GetOrdersWithPaginationResponse> {
  const { area } = getSession(context);
  const body: GetOrdersWithPaginationBody = {
    area,
    ...(params.search ? { search: params.search } : {}),
    ...(params.placedFrom ? { placedFrom: params.placedFrom } : {}),
    ...(params.placedTo ? { placedTo: params.placedTo } : {}),
  };
  return getApi(context).post<GetOrdersWithPaginationResponse>(
    `/api/CustomerCenter/GetOrdersWithPagination?pageSize=${ORDERS_PAGE_SIZE}&pageNr=${params.page}`,
    body,
  );
}

/** One of the customer's orders, or null when it is not theirs or does not exist (the API's 404, or 400 for no id). */
export async function findOrder(context: Context, orderId: string): Promise<GetOrderResponse['order'] | null> {
  const { area } = getSession(context);
  try {
    return (await getApi(context).post<GetOrderResponse>('/api/CustomerCenter/GetOrder', { area, orderId })).order;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
