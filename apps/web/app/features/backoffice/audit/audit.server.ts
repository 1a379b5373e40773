/** The audit log for the back office (issue 28): Audit/GetBySearch with the URL's filters. */
import type { GetAuditEntriesBySearchResponse } from '@b2b/contract/audit';
import { auditEndpoints } from '@b2b/contract/endpoints/audit';
import type { RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { type AuditFilters, auditSearchBody } from './audit-params.ts';

export type AuditLogView =
  | { kind: 'entries'; log: GetAuditEntriesBySearchResponse }
  /** The API refused a filter (an object type it does not know): the page says which, with the filters to fix. */
  | { kind: 'refused'; field: string; message: string };

export async function loadAuditLog(
  context: Readonly<RouterContextProvider>,
  filters: AuditFilters,
  page: number,
): Promise<AuditLogView> {
  try {
    const log = await getApi(context).call(auditEndpoints.getAuditEntriesBySearch, {
      body: auditSearchBody(filters, page),
    });
    return { kind: 'entries', log };
  } catch (error) {
    if (isApiError(error) && error.status === 400) {
      const [first] = error.body?.errors ?? [];
      return { kind: 'refused', field: first?.field ?? '', message: first?.message ?? error.message };
    }
    throw error;
  }
}
