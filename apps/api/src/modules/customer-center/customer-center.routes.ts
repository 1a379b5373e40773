/** Customer center calls of spec §7; definitions in @b2b/contract/endpoints/customer-center. */
import type { OrderFilters } from '@b2b/contract';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import type { FastifyInstance } from 'fastify';
import { readFromReplica } from '../../context.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getOrder, getOrders, getOrdersWithPagination } from './customer-center.service.ts';

/** The body's filters without the area; an empty search text filters nothing (the web sends the empty field). */
function filtersOf(body: OrderFilters) {
  return { search: body.search || undefined, placedFrom: body.placedFrom, placedTo: body.placedTo };
}

/** The customer's orders may be read from the read replica (ADR 042): an order placed a moment ago is found anyway. */
export async function customerCenterRoutes(app: FastifyInstance) {
  registerEndpoint(app, customerCenterEndpoints.getOrders, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getOrders(readCtx, filtersOf(request.body))),
  );
  registerEndpoint(app, customerCenterEndpoints.getOrdersWithPagination, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getOrdersWithPagination(readCtx, filtersOf(request.body), request.query)),
  );
  registerEndpoint(app, customerCenterEndpoints.getOrder, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getOrder(readCtx, request.body)),
  );
}
