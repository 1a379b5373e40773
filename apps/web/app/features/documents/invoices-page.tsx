import type { GetInvoicesWithPaginationResponse } from '@b2b/contract';
import { INVOICE_STATUS_TEXTS, INVOICE_STATUSES } from '@b2b/contract/constants';
import { useId } from 'react';
import { Link } from 'react-router';
import { Pagination } from '~/components/ui/pagination.tsx';
import { INVOICES_PATH, invoicePath, orderPath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { INVOICE_ZIP_FIELD, INVOICES_ZIP_PATH, invoiceZipValue } from './document-downloads.ts';
import { type InvoiceListParams, invoiceListHref, isFiltered } from './document-list-params.ts';
import {
  ChooseAllCell,
  ChooseRowCell,
  DocumentCount,
  DocumentSearchForm,
  ScrollingTable,
  useRowSelection,
  ZipDownloadForm,
} from './document-list-parts.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const ZIP_FORM_ID = 'invoice-zip';
const HEADER_CELL = 'px-3 py-2 sm:px-4 font-medium whitespace-nowrap';

/** /customer-center/invoices (issue 9): the customer's invoices, newest first, 20 a page, searchable and filtered. */
export function InvoicesPage({ params, page }: { params: InvoiceListParams; page: GetInvoicesWithPaginationResponse }) {
  const filtered = isFiltered(params);
  const statusId = useId();
  const rows = page.invoices.map((invoice) => ({ invoice, zipValue: invoiceZipValue(invoice) }));
  const selection = useRowSelection(rows.map((row) => row.zipValue));
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Invoices</h1>
      <DocumentSearchForm
        label="Find invoices"
        searchLabel="Invoice, order number or reference"
        params={params}
        isFiltered={filtered}
        resetHref={INVOICES_PATH}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-neutral-800">
            Status
          </label>
          <select
            id={statusId}
            name="status"
            defaultValue={params.status}
            className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs"
          >
            <option value="">All</option>
            {INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INVOICE_STATUS_TEXTS[status]}
              </option>
            ))}
          </select>
        </div>
      </DocumentSearchForm>
      <DocumentCount count={page.totalCount} singular="invoice" plural="invoices" isFiltered={filtered} />
      {rows.length === 0 ? (
        <p data-testid="invoices-empty" className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
          {filtered
            ? 'No invoices match. Try another number, status or date.'
            : 'No invoices yet. Invoices for your orders appear here.'}
        </p>
      ) : (
        <>
          <ZipDownloadForm
            formId={ZIP_FORM_ID}
            action={INVOICES_ZIP_PATH}
            chosenCount={selection.chosen.size}
            noun="invoices"
          />
          <ScrollingTable caption="Invoices, newest first">
            <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
              <tr>
                <ChooseAllCell selection={selection} label="Choose every invoice on this page" />
                <th scope="col" className={HEADER_CELL}>
                  Invoice
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Status
                </th>
                <th scope="col" className={`${HEADER_CELL} text-right`}>
                  Amount
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Due
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Date
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Order
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ invoice, zipValue }) => (
                <tr
                  key={invoice.invoiceId}
                  data-testid="invoice-row"
                  className="border-b border-neutral-100 last:border-0"
                >
                  <ChooseRowCell
                    selection={selection}
                    formId={ZIP_FORM_ID}
                    name={INVOICE_ZIP_FIELD}
                    value={zipValue}
                    label={`Choose ${invoice.invoiceNumber}`}
                  />
                  <th scope="row" className="px-3 py-2 sm:px-4 font-medium whitespace-nowrap">
                    <Link to={invoicePath(invoice.linkId)} className="text-accent-800 underline hover:text-accent-900">
                      {invoice.invoiceNumber}
                    </Link>
                  </th>
                  <td className="px-3 py-2 sm:px-4">
                    <InvoiceStatusBadge status={invoice.status} />
                  </td>
                  <td className="px-3 py-2 sm:px-4 text-right whitespace-nowrap">
                    {formatMoney(invoice.total.priceWithVat, invoice.currencyCode)}
                    {invoice.status !== 'paid' && invoice.openAmount !== invoice.total.priceWithVat ? (
                      <span className="block text-xs text-neutral-600">
                        {formatMoney(invoice.openAmount, invoice.currencyCode)} open
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 sm:px-4 whitespace-nowrap">{formatDate(invoice.dueDate)}</td>
                  <td className="px-3 py-2 sm:px-4 whitespace-nowrap">{formatDate(invoice.invoiceDate)}</td>
                  <td className="px-3 py-2 sm:px-4 whitespace-nowrap">
                    <Link to={orderPath(invoice.orderId)} className="text-accent-800 underline hover:text-accent-900">
                      {invoice.orderNumber}
                    </Link>
                    {invoice.reference ? (
                      <span className="block text-xs text-neutral-600">Ref. {invoice.reference}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </>
      )}
      <Pagination
        label="Invoice pages"
        currentPage={page.pageNr}
        pageCount={page.pageCount}
        hrefForPage={(pageNr) => invoiceListHref({ ...params, page: pageNr })}
      />
    </div>
  );
}
