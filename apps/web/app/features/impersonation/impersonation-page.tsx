import {
  AREA_DEFAULTS,
  AREA_IDS,
  MAX_CUSTOMER_SEARCH_LENGTH,
  MAX_IMPERSONATION_REASON_LENGTH,
} from '@b2b/contract/constants';
import type { GetAllowedUsersToImpersonateResponse, ImpersonableCustomer } from '@b2b/contract/impersonation';
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { customerOnlyPageName } from '~/lib/customer-only-pages.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { OWN_SESSIONS_PATH } from '~/lib/sales-rep.ts';
import { type ActAsFieldErrors, REASON_SUGGESTIONS } from './act-as-form.ts';
import { type ImpersonationListParams, impersonationListHref } from './impersonation-params.ts';

export type ActAsActionData = { formError?: string; fieldErrors?: ActAsFieldErrors; reason?: string };

const REASON_SUGGESTIONS_ID = 'impersonation-reason-suggestions';

function areaName(customer: ImpersonableCustomer): string {
  return AREA_DEFAULTS[customer.areaId]?.name ?? customer.areaId;
}

function lastOrder(customer: ImpersonableCustomer): string {
  return customer.lastOrderDate ? formatDate(customer.lastOrderDate) : 'No orders yet';
}

function openCart(customer: ImpersonableCustomer): string {
  return customer.openCartValue ? formatMoney(customer.openCartValue.priceWithoutVat, customer.currencyCode) : '–';
}

/** "The cart belongs to a customer…" for the customer's page the rep wanted (`redirect`), which opens after acting. */
function wantedPageNote(redirectTo: string): string {
  const name = customerOnlyPageName(new URL(redirectTo, 'http://same-site.invalid').pathname) ?? 'That page';
  return `${name} belongs to a customer account. Act for one of your customers below and it opens for them.`;
}

function customerCountText(count: number, isFiltered: boolean): string {
  if (!isFiltered) return count === 1 ? '1 customer' : `${count} customers`;
  return count === 1 ? '1 customer matches' : `${count} customers match`;
}

/** The submit button of one customer: its name says whom it acts for, also out of the table's context. */
function ActAsButton({ customer }: { customer: ImpersonableCustomer }) {
  return (
    <Button
      type="submit"
      name="customerNo"
      value={customer.customerNo}
      severity="primary"
      className="whitespace-nowrap"
    >
      Act as<span className="sr-only"> {`${customer.name} (${customer.customerNo})`}</span>
    </Button>
  );
}

/**
 * /customer-center/impersonation (spec §2, §6): the rep's customers (search by number or name, area, pages) and
 * "Act as" per customer, with the reason the customer will read in "Assisted sessions". One form holds the reason
 * and every customer's button, so Tab and Enter are all a keyboard needs. A table from the md breakpoint on, a list
 * of cards on a phone (no sideways scrolling).
 */
export function ImpersonationPage({
  params,
  list,
  actionData,
  actingFor,
}: {
  params: ImpersonationListParams;
  list: GetAllowedUsersToImpersonateResponse;
  actionData: ActAsActionData | undefined;
  /** The customer acted for now, if any: acting for another one replaces it. */
  actingFor: { name: string; customerNumber: string } | null;
}) {
  const navigation = useNavigation();
  const reasonRef = useRef<HTMLInputElement>(null);
  const isFiltered = Boolean(params.search || params.areaId);
  const pageCount = Math.max(1, Math.ceil(list.totalCount / list.pageSize));

  useEffect(() => {
    // Put keyboard users on the field that needs attention; its message is read through aria-describedby.
    if (actionData?.fieldErrors?.reason) reasonRef.current?.focus();
  }, [actionData]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Act for a customer</h1>
        <p className="mt-1 max-w-prose text-sm text-neutral-700">
          Shop for one of your customers with their prices, cart and orders. The customer sees who acted for them, why,
          and what changed, under “Assisted sessions”. Yours, across your customers, are under{' '}
          <Link to={OWN_SESSIONS_PATH} className="font-medium text-accent-800 underline hover:text-accent-900">
            My assisted sessions
          </Link>
          .
        </p>
      </div>
      {params.redirectTo ? (
        <div data-testid="wanted-page-note">
          <Alert tone="info">{wantedPageNote(params.redirectTo)}</Alert>
        </div>
      ) : null}
      {actingFor ? (
        <Alert tone="info">
          You are acting for {actingFor.name} ({actingFor.customerNumber}). Acting for another customer ends that.
        </Alert>
      ) : null}

      <Form method="get" role="search" aria-label="Find customers" className="flex flex-wrap items-end gap-3">
        {params.redirectTo ? <input type="hidden" name="redirect" value={params.redirectTo} /> : null}
        <TextField
          label="Customer number or name"
          name="q"
          type="search"
          defaultValue={params.search}
          maxLength={MAX_CUSTOMER_SEARCH_LENGTH}
          className="min-w-0 flex-1 basis-56"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="impersonation-area" className="text-sm font-medium text-neutral-800">
            Area
          </label>
          <select
            id="impersonation-area"
            name="area"
            defaultValue={params.areaId ?? ''}
            className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs"
          >
            <option value="">All areas</option>
            {AREA_IDS.map((areaId) => (
              <option key={areaId} value={areaId}>
                {AREA_DEFAULTS[areaId].name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" severity="secondary">
          Find customers
        </Button>
        {isFiltered ? (
          <Link
            to={impersonationListHref({ search: '', areaId: null, page: 1, redirectTo: params.redirectTo })}
            className={buttonClassName('white')}
          >
            Show all
          </Link>
        ) : null}
      </Form>

      {/* A full reload (spec §4): the tab's price and cart stores must start afresh for the customer. */}
      <Form method="post" reloadDocument className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="act" />
        {params.redirectTo ? <input type="hidden" name="redirect" value={params.redirectTo} /> : null}
        {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
        <TextField
          ref={reasonRef}
          label="Reason"
          name="reason"
          required
          list={REASON_SUGGESTIONS_ID}
          autoComplete="off"
          maxLength={MAX_IMPERSONATION_REASON_LENGTH}
          defaultValue={actionData?.reason ?? ''}
          hint="Required. Shown to the customer, e.g. phone order or visit."
          error={actionData?.fieldErrors?.reason}
          className="max-w-md"
        />
        <datalist id={REASON_SUGGESTIONS_ID}>
          {REASON_SUGGESTIONS.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>

        <p role="status" className="text-sm text-neutral-700" aria-busy={navigation.state === 'loading'}>
          {customerCountText(list.totalCount, isFiltered)}
        </p>
        {list.customers.length === 0 ? (
          <p
            data-testid="customers-empty"
            className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700"
          >
            {isFiltered
              ? 'No customer matches. Try another number, name or area.'
              : 'You have no customers to act for.'}
          </p>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-lg border border-neutral-200 bg-white md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Your customers</caption>
                <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Number
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Name
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Area
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      City
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Last order
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-medium">
                      Open cart excl. VAT
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      <span className="sr-only">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.customers.map((customer) => (
                    <tr
                      key={customer.customerNo}
                      data-testid="customer-row"
                      className="border-b border-neutral-100 last:border-0"
                    >
                      <td className="px-4 py-2 whitespace-nowrap">{customer.customerNo}</td>
                      <th scope="row" className="px-4 py-2 font-medium">
                        {customer.name}
                      </th>
                      <td className="px-4 py-2">{areaName(customer)}</td>
                      <td className="px-4 py-2">{customer.city ?? '–'}</td>
                      <td className="px-4 py-2 whitespace-nowrap">{lastOrder(customer)}</td>
                      <td className="px-4 py-2 text-right whitespace-nowrap">{openCart(customer)}</td>
                      <td className="px-4 py-2 text-right">
                        <ActAsButton customer={customer} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul aria-label="Your customers" className="flex flex-col gap-3 md:hidden">
              {list.customers.map((customer) => (
                <li
                  key={customer.customerNo}
                  data-testid="customer-card"
                  className="rounded-lg border border-neutral-200 bg-white p-4"
                >
                  <p className="font-medium break-words">{customer.name}</p>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                    <dt className="text-neutral-600">Number</dt>
                    <dd>{customer.customerNo}</dd>
                    <dt className="text-neutral-600">Area</dt>
                    <dd>{areaName(customer)}</dd>
                    <dt className="text-neutral-600">City</dt>
                    <dd className="break-words">{customer.city ?? '–'}</dd>
                    <dt className="text-neutral-600">Last order</dt>
                    <dd>{lastOrder(customer)}</dd>
                    <dt className="text-neutral-600">Open cart excl. VAT</dt>
                    <dd>{openCart(customer)}</dd>
                  </dl>
                  <div className="mt-3">
                    <ActAsButton customer={customer} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Form>
      <Pagination
        label="Customer pages"
        currentPage={list.pageNr}
        pageCount={pageCount}
        hrefForPage={(pageNr) => impersonationListHref({ ...params, page: pageNr })}
      />
    </div>
  );
}
