import { getOwnHistory, requireSalesRep } from '~/features/impersonation/impersonation.server.ts';
import { isNotASalesRepError, NotASalesRepPage } from '~/features/impersonation/not-a-sales-rep.tsx';
import { OwnHistoryPage } from '~/features/impersonation/own-history-page.tsx';
import { parseOwnHistoryParams } from '~/features/impersonation/own-history-params.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/customer-center.impersonation.sessions';

export const meta: Route.MetaFunction = () => titleMeta('My assisted sessions');

/**
 * /customer-center/impersonation/sessions (issue 24): the sales rep's own sessions and the orders placed in them,
 * across their customers; also while acting for one (that customer's orders then open directly). Others get a 403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSalesRep(context, request);
  const params = parseOwnHistoryParams(new URL(request.url).searchParams);
  const { sessions, orders } = await getOwnHistory(context, params);
  const actingForCustomerNo = session.isImpersonating ? (session.customer?.customerNumber ?? null) : null;
  return { params, sessions, orders, actingForCustomerNo };
}

export default function OwnHistoryRoute({ loaderData }: Route.ComponentProps) {
  return (
    <OwnHistoryPage
      params={loaderData.params}
      sessions={loaderData.sessions}
      orders={loaderData.orders}
      actingForCustomerNo={loaderData.actingForCustomerNo}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isNotASalesRepError(error)) return <NotASalesRepPage />;
  throw error;
}
