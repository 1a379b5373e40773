/** Operations calls (not in the spec): the health check that load balancers and start-up scripts poll. */
import { defineEndpoint } from '../endpoint.ts';
import { healthResponse } from '../health.ts';

export const healthEndpoints = {
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    // Public: a load balancer polls it without credentials. It answers nothing beyond "ok" for that reason.
    policy: 'public',
    tag: 'Operations',
    summary: 'Health check: the API and its database answer',
    description: 'Answers 200 `{ "status": "ok" }` when a query on the database succeeds, 500 otherwise.',
    response: healthResponse,
  }),
};
