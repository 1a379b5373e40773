/** Customer center calls of spec §7; definitions in @b2b/contract/endpoints/customer-center. */
import type { OrderFilters } from '@b2b/contract';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getOrder, getOrders, getOrdersWithPagination } from './customer-center.service.ts';

/** The body's filters without the area; an empty search text filters nothing (the web sends the empty field). */
function filtersOf(body: OrderFilters) {
  return { search: body.search || undefined, placedFrom: body.placedFrom, placedTo: body.placedTo };
}

export async function customerCenterRoutes(app: FastifyInstance) {
  registerEndpoint(app, customerCenterEndpoints.getOrders, async (request) =>
    getOrders(request.ctx, filtersOf(request.body)),
  );
  registerEndpoint(app, customerCenterEndpoints.getOrdersWithPagination, async (request) =>
    getOrdersWithPagination(request.ctx, filtersOf(request.body), request.query),
  );
  registerEndpoint(app, customerCenterEndpoints.getOrder, async (request) => getOrder(request.ctx, request.body));
}
