import { loadAuditLog } from '~/features/backoffice/audit/audit.server.ts';
import { AuditLogPage } from '~/features/backoffice/audit/audit-log-page.tsx';
import { readAuditParams } from '~/features/backoffice/audit/audit-params.ts';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import type { Route } from './+types/backoffice.audit';

export const meta: Route.MetaFunction = () => backofficeMeta('Audit log');

/** /backoffice/audit (issue 28): the audit log with its filters in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const { filters, page } = readAuditParams(new URL(request.url).searchParams);
  const view = await loadAuditLog(context, filters, page);
  return { filters, page, view };
}

export default function AuditLogRoute({ loaderData }: Route.ComponentProps) {
  const { filters, page, view } = loaderData;
  return (
    <AuditLogPage
      // a new search starts with every row closed
      key={JSON.stringify([filters, page])}
      filters={filters}
      page={page}
      log={view.kind === 'entries' ? view.log : null}
      refused={view.kind === 'refused' ? { field: view.field, message: view.message } : null}
    />
  );
}
