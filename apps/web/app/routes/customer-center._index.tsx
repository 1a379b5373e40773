import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { LatestDocuments, StatementOfAccount } from '~/features/documents/account-documents.tsx';
import { getAccountDocuments } from '~/features/documents/documents.server.ts';
import { requireUser } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { isSalesRep, OWN_SESSIONS_PATH } from '~/lib/sales-rep.ts';
import { IMPERSONATION_PATH } from '~/lib/session-summary.ts';
import type { Route } from './+types/customer-center._index';

export const meta: Route.MetaFunction = () => titleMeta('Customer center');

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request);
  // the statement and the latest documents exist only for a customer (not for staff acting for none)
  const documents = session.customer ? await getAccountDocuments(context) : null;
  return {
    documents,
    user: session.user,
    customer: session.customer,
    isImpersonating: session.isImpersonating,
    currencyCode: session.area.currencyCode,
    displayCurrency: session.displayCurrency,
  };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-neutral-600">{label}</dt>
      <dd className="text-sm text-neutral-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-neutral-200 bg-white p-6 shadow-xs">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const ROLE_LABELS: Record<string, string> = {
  customer: 'Customer',
  impersonation: 'Sales (impersonation)',
  backoffice: 'Back office',
};

export default function CustomerCenterIndex({ loaderData }: Route.ComponentProps) {
  const { user, customer, displayCurrency, currencyCode, documents } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Customer center</h1>
      {documents ? (
        <>
          <StatementOfAccount statement={documents.statement} />
          <LatestDocuments invoices={documents.invoices} creditMemos={documents.creditMemos} />
        </>
      ) : null}
      <Card title="User">
        <dl className="divide-y divide-neutral-100">
          <Field label="Username">{user.username}</Field>
          <Field label="Name">{user.name}</Field>
          <Field label="Email">{user.email ? <a href={`mailto:${user.email}`}>{user.email}</a> : '—'}</Field>
          <Field label="Roles">
            {user.roles.length ? user.roles.map((role) => ROLE_LABELS[role] ?? role).join(', ') : '—'}
          </Field>
        </dl>
      </Card>
      {customer ? (
        <>
          <Card title="Customer">
            <dl className="divide-y divide-neutral-100">
              <Field label="Customer name">{customer.name}</Field>
              <Field label="Customer number">{customer.customerNumber}</Field>
              <Field label="Currency">
                {displayCurrency}
                {displayCurrency !== currencyCode ? <span className="text-neutral-500"> ({currencyCode})</span> : null}
              </Field>
              <Field label="Price group">{customer.priceGroup || '—'}</Field>
            </dl>
          </Card>
          <Card title="Addresses">
            {customer.addresses.length === 0 ? (
              <p className="mt-3 text-sm text-neutral-600">No addresses on file.</p>
            ) : (
              <ul className="mt-3 grid gap-4 sm:grid-cols-2">
                {customer.addresses.map((address) => (
                  <li key={address.id} className="rounded-lg border border-neutral-200 p-4 text-sm">
                    <address className="not-italic">
                      <span className="block font-medium">{address.name}</span>
                      <span className="block">{address.street}</span>
                      <span className="block">
                        {address.postalCode} {address.city}
                      </span>
                      <span className="block">{address.countryCode}</span>
                    </address>
                    {address.isDefault ? (
                      <span className="mt-2 inline-block rounded bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-800">
                        Default address
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : isSalesRep(user) ? (
        <Card title="Your customers">
          <p className="mt-3 text-sm text-neutral-700">
            Prices, carts, orders and documents are your customers’: they open once you act for one of them.
          </p>
          <p className="mt-4 flex flex-wrap gap-3">
            <Link to={IMPERSONATION_PATH} className={buttonClassName('primary')}>
              Act for a customer
            </Link>
            <Link to={OWN_SESSIONS_PATH} className={buttonClassName('secondary')}>
              My assisted sessions
            </Link>
          </p>
        </Card>
      ) : (
        <Card title="Customer">
          <p className="mt-3 text-sm text-neutral-600">This user is not linked to a customer account.</p>
        </Card>
      )}
    </div>
  );
}
