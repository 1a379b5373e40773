import { Form, Link } from 'react-router';
import { POPOVER_PANEL_PLACEMENT, usePopover } from '~/components/ui/use-popover.ts';
import { BACKOFFICE_PATH, isBackofficeUser } from '~/features/backoffice/backoffice-paths.ts';
import { cn } from '~/lib/cn.ts';
import { isSalesRep } from '~/lib/sales-rep.ts';
import { IMPERSONATION_PATH, type SessionSummary } from '~/lib/session-summary.ts';
import { useNavigationEffect } from '~/lib/use-navigation-effect.ts';
import { HeaderIcon } from './header-icon.tsx';

/**
 * The account menu of a logged-in user (account-menu.tsx): server-rendered, hydrated once this module is in. While a
 * rep acts for a customer, the header row leaves out whom and "Act for a customer": the banner above names the
 * customer and the rep and offers another customer, and the row stays one line at 1366 px (issue 24).
 */
export default function UserAccountMenu({ session }: { session: SessionSummary }) {
  return (
    <>
      <div className="hidden flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm md:flex">
        {session.isImpersonating ? null : <AccountName session={session} isHeaderRow />}
        <AccountLinks session={session} offersActing={!session.isImpersonating} />
      </div>
      <PhoneAccountMenu session={session} />
    </>
  );
}

/** `isHeaderRow`: the copy in the header row carries the test id; the phone popover's copy does not repeat it. */
function AccountName({ session, isHeaderRow = false }: { session: SessionSummary; isHeaderRow?: boolean }) {
  const displayName = session.customer?.name ?? session.user?.name ?? session.user?.username ?? '';
  return (
    <span className="text-neutral-700">
      {session.isImpersonating ? (
        <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Acting as</span>
      ) : null}
      <span className="font-medium text-neutral-900" data-testid={isHeaderRow ? 'account-name' : undefined}>
        {displayName}
      </span>
    </span>
  );
}

const ACCOUNT_LINK_CLASS = 'rounded-md px-2 py-1.5 font-medium text-neutral-800 hover:bg-neutral-100';

/** `offersActing`: "Act for a customer" for a sales rep (the header row leaves it to the banner while acting). */
function AccountLinks({ session, offersActing = true }: { session: SessionSummary; offersActing?: boolean }) {
  return (
    <>
      <Link to="/customer-center" className={ACCOUNT_LINK_CLASS}>
        Customer center
      </Link>
      {isBackofficeUser(session.user) ? (
        <Link to={BACKOFFICE_PATH} className={ACCOUNT_LINK_CLASS}>
          Back office
        </Link>
      ) : null}
      {offersActing && isSalesRep(session.user) ? (
        <Link to={IMPERSONATION_PATH} className={ACCOUNT_LINK_CLASS}>
          Act for a customer
        </Link>
      ) : null}
      <Form method="post" action="/logout">
        <button type="submit" className={cn(ACCOUNT_LINK_CLASS, 'w-full text-left')}>
          Log out
        </button>
      </Form>
    </>
  );
}

/**
 * Below 768 px: an "Account" icon button and its panel, a native popover (ADR 025: a press before the page's scripts
 * have run opens it); Escape, a press outside or a navigation close it.
 */
function PhoneAccountMenu({ session }: { session: SessionSummary }) {
  const { close, buttonProps, panelProps } = usePopover<HTMLDivElement>('--account-menu');
  useNavigationEffect(close);

  return (
    <div className="md:hidden">
      <button
        {...buttonProps}
        className="relative grid size-10 place-items-center rounded-md text-neutral-800 hover:bg-neutral-100"
      >
        <HeaderIcon name="user" />
        <span className="sr-only">Account</span>
        {session.isImpersonating ? (
          <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-2 rounded-full bg-amber-500" />
        ) : null}
      </button>
      <div
        {...panelProps}
        className={cn(
          POPOVER_PANEL_PLACEMENT,
          'w-64 flex-col gap-1 rounded-lg border border-neutral-200 bg-white p-3 text-sm text-neutral-900 shadow-lg open:flex',
        )}
      >
        <p className="border-b border-neutral-100 px-2 pb-2">
          <AccountName session={session} />
        </p>
        <AccountLinks session={session} />
      </div>
    </div>
  );
}
