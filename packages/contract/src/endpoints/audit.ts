/** The back office's audit log (issue 28). */
import { getAuditEntriesBySearchBody, getAuditEntriesBySearchResponse } from '../audit.ts';
import { defineEndpoint } from '../endpoint.ts';

export const auditEndpoints = {
  getAuditEntriesBySearch: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Audit/GetBySearch',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "The audit log, newest first: staff's changes with before and after, and sales reps' sessions",
    description:
      'Filters by actor, object type, object id, action, period and text; every filter is optional. Impersonation ' +
      'sessions are entries of object type `impersonation-session` (action `impersonate`, at their start), merged ' +
      'into the list by time. An unknown object type answers 400 naming the known ones.',
    body: getAuditEntriesBySearchBody,
    response: getAuditEntriesBySearchResponse,
  }),
};
