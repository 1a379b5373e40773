/** Operations calls (not in the spec): the health check that load balancers and start-up scripts poll. */
import { defineEndpoint } from '../endpoint.ts';
import { healthResponse, integrityCheckHeaders, integrityCheckResponse } from '../health.ts';

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
  getIntegrityCheck: defineEndpoint({
    method: 'GET',
    path: '/api/Integrity/Check',
    // Public: monitors poll it through the storefront's /integrity/Check. Anonymous callers learn the status only; the
    // checks' detail needs the back-office role or the integrity token (the answer's schema says which fields).
    policy: 'public',
    tag: 'Operations',
    summary: 'Integrity report: database, migrations, search index age, mail outbox backlog',
    description:
      'Always HTTP 200 with `status` ok or failing; the storefront answers /integrity/Check with 200 or 503 from it. ' +
      '`checkedAt` and `checks` only for a back-office token or the `X-Integrity-Token` header holding the ' +
      "API's INTEGRITY_CHECK_TOKEN; a wrong token gets the status alone, like no token.",
    headers: integrityCheckHeaders,
    response: integrityCheckResponse,
  }),
};
