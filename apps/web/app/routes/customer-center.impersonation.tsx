import { data, redirect } from 'react-router';
import { parseActAsForm } from '~/features/impersonation/act-as-form.ts';
import {
  endImpersonation,
  listImpersonableCustomers,
  requireSalesRep,
  startImpersonation,
} from '~/features/impersonation/impersonation.server.ts';
import { type ActAsActionData, ImpersonationPage } from '~/features/impersonation/impersonation-page.tsx';
import { parseImpersonationListParams, readActRedirect } from '~/features/impersonation/impersonation-params.ts';
import { isNotASalesRepError, NotASalesRepPage } from '~/features/impersonation/not-a-sales-rep.tsx';
import { requireUser } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { IMPERSONATION_PATH } from '~/lib/session-summary.ts';
import type { Route } from './+types/customer-center.impersonation';

export const meta: Route.MetaFunction = () => titleMeta('Act for a customer');

/** /customer-center/impersonation (spec §2, §6): sales reps only; others get a 403 that says why. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSalesRep(context, request);
  const params = parseImpersonationListParams(new URL(request.url).searchParams);
  const list = await listImpersonableCustomers(context, params);
  const actingFor =
    session.isImpersonating && session.customer
      ? { name: session.customer.name, customerNumber: session.customer.customerNumber }
      : null;
  return { params, list, actingFor };
}

/**
 * `intent=act`: Impersonate with the reason, then the customer's page the rep wanted (`redirect`, e.g. /cart) or the
 * front page, as the customer; `intent=end` (the banner's End on every page): EndImpersonation, then this page as
 * the rep. Both answer with a redirect, which the forms follow as a full page load (spec §4: starting or ending
 * reloads the page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'end') {
    requireUser(context, request);
    await endImpersonation(context);
    return redirect(IMPERSONATION_PATH);
  }
  if (intent !== 'act') return data<ActAsActionData>({ formError: 'Unknown action.' }, { status: 400 });
  requireSalesRep(context, request);
  const parsed = parseActAsForm(form);
  if (!parsed.ok) {
    return data<ActAsActionData>(
      { fieldErrors: parsed.fieldErrors, reason: parsed.reason, formError: parsed.fieldErrors.customerNo },
      { status: 400 },
    );
  }
  const result = await startImpersonation(context, parsed.input);
  if (!result.ok) {
    return data<ActAsActionData>({ formError: result.message, reason: parsed.input.reason }, { status: result.status });
  }
  return redirect(readActRedirect(form.get('redirect')) ?? '/');
}

export default function ImpersonationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ImpersonationPage
      params={loaderData.params}
      list={loaderData.list}
      actionData={actionData}
      actingFor={loaderData.actingFor}
    />
  );
}

/** A user without the sales role learns why the page is not theirs, inside the customer center. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isNotASalesRepError(error)) return <NotASalesRepPage />;
  throw error;
}
