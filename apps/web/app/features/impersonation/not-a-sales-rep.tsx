import { isRouteErrorResponse, Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { NOT_A_SALES_REP_REASON } from '~/lib/sales-rep.ts';

/** Whether `error` is the 403 the sales rep's pages (requireSalesRep) answer to other users. */
export function isNotASalesRepError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 403 && error.data?.reason === NOT_A_SALES_REP_REASON;
}

/** A user without the sales role learns why the page is not theirs, inside the customer center. */
export function NotASalesRepPage() {
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
