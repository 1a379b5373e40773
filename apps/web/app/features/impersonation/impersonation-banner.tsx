import { Form, Link } from 'react-router';
import { IMPERSONATION_PATH, type SessionSummary } from '~/lib/session-summary.ts';

/**
 * Shown on every page while a sales rep acts for a customer (spec §4 isImpersonating): who is acted for, by whom,
 * "Act for another customer" and "End". A landmark of its own, sticky at the top and in black on amber, so it cannot be missed
 * or scrolled away; it stands above the header's top bar, so End is far from the header's "Log out" on screen and in
 * the Tab order (issue 24). Ending reloads the whole document (spec §4): the tab's price and cart stores belong to
 * the customer and must go.
 */
export function ImpersonationBanner({ session }: { session: SessionSummary }) {
  if (!session.isImpersonating) return null;
  const customer = session.customer;
  const actedFor = customer
    ? customer.customerNumber
      ? `${customer.name} (${customer.customerNumber})`
      : customer.name
    : 'a customer';
  return (
    <section
      aria-label="Acting for a customer"
      data-testid="impersonation-banner"
      className="sticky top-0 z-40 border-b-2 border-neutral-950 bg-amber-300 text-neutral-950"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
        <p role="status" className="min-w-0 text-sm sm:text-base">
          You are acting for <strong data-testid="impersonation-customer">{actedFor}</strong>
          {/* On a phone the banner stays two lines high: the customer acted for is what must not be missed. */}
          {session.user ? <span className="hidden text-neutral-800 sm:inline"> as {session.user.name}</span> : null}
        </p>
        <div className="flex shrink-0 items-center gap-4">
          {/* On a phone the account menu offers "Act for a customer"; the banner keeps to the customer and End. */}
          <Link
            to={IMPERSONATION_PATH}
            className="text-sm font-medium underline underline-offset-2 hover:text-neutral-700 max-sm:hidden"
          >
            Act for another customer
          </Link>
          <Form method="post" action={IMPERSONATION_PATH} reloadDocument>
            <input type="hidden" name="intent" value="end" />
            <button
              type="submit"
              className="shrink-0 rounded-md bg-neutral-950 px-4 py-1.5 text-sm font-semibold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
            >
              End<span className="sr-only"> acting for {customer?.name ?? 'the customer'}</span>
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
