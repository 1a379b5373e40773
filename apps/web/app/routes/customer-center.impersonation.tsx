import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { parseActAsForm } from '~/features/impersonation/act-as-form.ts';
import {
  endImpersonation,
  listImpersonableCustomers,
  requireSalesRep,
  startImpersonation,
} from '~/features/impersonation/impersonation.server.ts';
import { type ActAsActionData, ImpersonationPage } from '~/features/impersonation/impersonation-page.tsx';
import { parseImpersonationListParams } from '~/features/impersonation/impersonation-params.ts';
import { NOT_A_SALES_REP_REASON } from '~/features/impersonation/sales-rep.ts';
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
 * `intent=act`: Impersonate with the reason, then the front page as the customer; `intent=end` (the banner's End on
 * every page): EndImpersonation, then this page as the rep. Both answer with a redirect, which the forms follow as a
 * full page load (spec §4: starting or ending reloads the page).
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
  return redirect('/');
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
  if (isRouteErrorResponse(error) && error.status === 403 && error.data?.reason === NOT_A_SALES_REP_REASON) {
    return (
      <section aria-labelledby="error-title" className="flex flex-col items-start gap-4">
        <p className="text-sm font-semibold tracking-wide text-accent-700">403</p>
        <h1 id="error-title" className="text-2xl font-bold tracking-tight">
          For sales reps only
        </h1>
        <p data-testid="error-message" className="max-w-prose text-neutral-700">
          Acting for a customer is for sales reps: your user does not have the sales role. Ask your administrator if you
          need it.
        </p>
        <Link to="/customer-center" className={buttonClassName('primary')}>
          Back to the customer center
        </Link>
      </section>
    );
  }
  throw error;
}
