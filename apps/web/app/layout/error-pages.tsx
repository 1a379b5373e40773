import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { FORBIDDEN_TITLE } from '~/features/content/content-forbidden.ts';
import { isSalesRep } from '~/lib/sales-rep.ts';
import { IMPERSONATION_PATH } from '~/lib/session-summary.ts';
import { useSession } from '~/lib/use-session.ts';
import { NO_CUSTOMER_TITLE } from './error-page-title.ts';

/**
 * The frame every error page shares: the status above the title (`#error-title`, which names the section), then the
 * page's message and actions.
 */
function ErrorPageFrame({
  status,
  statusClassName = 'text-accent-700',
  title,
  children,
}: {
  status: number;
  statusClassName?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl py-16 text-center" aria-labelledby="error-title">
      <p className={`text-sm font-semibold tracking-wide ${statusClassName}`}>{status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold tracking-tight text-neutral-900">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** spec §2: the not-found variant, "Page Not Found: <full path>". */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <ErrorPageFrame status={404} title="Page Not Found">
      <p className="mt-4 break-words text-neutral-600" data-testid="error-message">
        {`Page Not Found: ${path}`}
      </p>
      <Link to="/" className={buttonClassName('primary', 'mt-8')}>
        Go to the front page
      </Link>
    </ErrorPageFrame>
  );
}

/** spec §2: the server-error variant (status default 500, title "Internal Server Error"). */
export function ServerErrorPage({ status = 500, message }: { status?: number; message?: string | undefined }) {
  return (
    <ErrorPageFrame status={status} statusClassName="text-red-700" title="Internal Server Error">
      <p className="mt-4 text-neutral-600" data-testid="error-message">
        {message || 'Something went wrong on our side. Please try again in a moment.'}
      </p>
      <Link to="/" className={buttonClassName('primary', 'mt-8')}>
        Go to the front page
      </Link>
    </ErrorPageFrame>
  );
}

/**
 * 403 for customer-only pages (cart, checkout) reached by a user who acts for no customer: a sales rep before
 * impersonating, or back-office staff. Says why and what to do instead of a server error.
 */
export function NoCustomerPage({ userName }: { userName: string | null }) {
  // spec §6: a sales rep orders by acting for one of their customers.
  const canActForCustomer = isSalesRep(useSession().user);
  return (
    <ErrorPageFrame status={403} title={NO_CUSTOMER_TITLE}>
      <p className="mt-4 text-neutral-600" data-testid="error-message">
        {userName ? `You are logged in as ${userName}, without a customer account. ` : ''}
        {canActForCustomer
          ? 'Carts, checkout and prices belong to a customer: act for one of your customers to order for them.'
          : "Carts, checkout and prices belong to a customer: log in with a buyer's login to order."}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {canActForCustomer ? (
          <Link to={IMPERSONATION_PATH} className={buttonClassName('primary')}>
            Act for a customer
          </Link>
        ) : null}
        <Link to="/search" className={buttonClassName(canActForCustomer ? 'secondary' : 'primary')}>
          Browse the catalogue
        </Link>
      </p>
    </ErrorPageFrame>
  );
}

/**
 * spec §8: 403 "Forbidden", for a page the visitor may not open (a content page for logged-in users or sales reps
 * only, issue 29). Says why (`message`, the API's reason) and the way in: log in and come back here, or, logged in
 * already, somewhere else to go.
 */
export function ForbiddenPage({
  path,
  message,
  userName,
}: {
  path: string;
  message: string | null;
  userName: string | null;
}) {
  const loginPath = `/login?${new URLSearchParams({ redirect: path })}`;
  return (
    <ErrorPageFrame status={403} title={FORBIDDEN_TITLE}>
      <p className="mt-4 text-neutral-600" data-testid="error-message">
        {userName ? `You are logged in as ${userName}. ` : ''}
        {message ?? 'You do not have access to this page.'}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {userName ? null : (
          <Link to={loginPath} className={buttonClassName('primary')}>
            Log in
          </Link>
        )}
        <Link to="/" className={buttonClassName(userName ? 'primary' : 'secondary')}>
          Go to the front page
        </Link>
      </p>
    </ErrorPageFrame>
  );
}
