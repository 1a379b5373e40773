import { AssistedSessionsPage } from '~/features/impersonation/assisted-sessions-page.tsx';
import { getAssistedSessionsPage } from '~/features/impersonation/impersonation.server.ts';
import { requireCustomer } from '~/lib/auth.server.ts';
import { ASSISTED_SESSIONS_PATH } from '~/lib/customer-center-paths.ts';
import { titleMeta } from '~/lib/meta.ts';
import { readPageNumber } from '~/lib/page-number.ts';
import type { Route } from './+types/customer-center.assisted-sessions';

export const meta: Route.MetaFunction = () => titleMeta('Assisted sessions');

/** /customer-center/assisted-sessions (ADR 013): the sessions in which a sales rep acted for this customer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  const sessions = await getAssistedSessionsPage(context, readPageNumber(new URL(request.url).searchParams.get('p')));
  return { sessions };
}

export default function AssistedSessionsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AssistedSessionsPage
      sessions={loaderData.sessions}
      hrefForPage={(page) => (page > 1 ? `${ASSISTED_SESSIONS_PATH}?p=${page}` : ASSISTED_SESSIONS_PATH)}
    />
  );
}
