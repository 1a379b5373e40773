import type { GetInvoicesWithPaginationResponse } from '@b2b/contract';
import { INVOICE_STATUS_TEXTS, INVOICE_STATUSES } from '@b2b/contract/constants';
import { useId } from 'react';
import { Link } from 'react-router';
import { Pagination } from '~/components/ui/pagination.tsx';
import { CellLabel, REFLOW_CELL } from '~/components/ui/reflow-table.tsx';
import { cn } from '~/lib/cn.ts';
import { INVOICES_PATH, invoicePath, orderPath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { INVOICE_ZIP_FIELD, INVOICES_ZIP_PATH, invoiceZipValue } from './document-downloads.ts';
import { type InvoiceListParams, invoiceListHref, isFiltered } from './document-list-params.ts';
import {
  ChoosableDocumentTable,
  DocumentCount,
  DocumentListEmpty,
  DocumentListRow,
  DocumentSearchForm,
  useRowSelection,
  type ZipDownload,
} from './document-list-parts.tsx';
import { LINK_CLASS } from './document-parts.tsx';
import { LIST_AMOUNT_CELL, LIST_CELL } from './document-table.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const INVOICE_ZIP: ZipDownload = {
  formId: 'invoice-zip',
  action: INVOICES_ZIP_PATH,
  field: INVOICE_ZIP_FIELD,
  noun: 'invoices',
};

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
        <DocumentListEmpty testId="invoices-empty">
          {filtered
            ? 'No invoices match. Try another number, status or date.'
            : 'No invoices yet. Invoices for your orders appear here.'}
        </DocumentListEmpty>
      ) : (
        <ChoosableDocumentTable
          zip={INVOICE_ZIP}
          selection={selection}
          caption="Invoices, newest first"
          chooseAllLabel="Choose every invoice on this page"
          columns={[
            { label: 'Invoice' },
            { label: 'Status' },
            { label: 'Amount', isAmount: true },
            { label: 'Due' },
            { label: 'Date' },
            { label: 'Order' },
          ]}
        >
          {rows.map(({ invoice, zipValue }) => (
            <DocumentListRow
              key={invoice.invoiceId}
              testId="invoice-row"
              zip={INVOICE_ZIP}
              selection={selection}
              zipValue={zipValue}
              documentNumber={invoice.invoiceNumber}
              href={invoicePath(invoice.linkId)}
            >
              <td className={cn('px-3 py-2 sm:px-4', REFLOW_CELL)}>
                <CellLabel>Status</CellLabel>
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className={LIST_AMOUNT_CELL}>
                <CellLabel>Amount</CellLabel>
                <span>
                  {formatMoney(invoice.total.priceWithVat, invoice.currencyCode)}
                  {invoice.status !== 'paid' && invoice.openAmount !== invoice.total.priceWithVat ? (
                    <span className="block text-xs text-neutral-600">
                      {formatMoney(invoice.openAmount, invoice.currencyCode)} open
                    </span>
                  ) : null}
                </span>
              </td>
              <td className={LIST_CELL}>
                <CellLabel>Due</CellLabel>
                <span>{formatDate(invoice.dueDate)}</span>
              </td>
              <td className={LIST_CELL}>
                <CellLabel>Date</CellLabel>
                <span>{formatDate(invoice.invoiceDate)}</span>
              </td>
              <td className={LIST_CELL}>
                <CellLabel>Order</CellLabel>
                <span>
                  <Link to={orderPath(invoice.orderId)} className={LINK_CLASS}>
                    {invoice.orderNumber}
                  </Link>
                  {invoice.reference ? (
                    <span className="block text-xs text-neutral-600">Ref. {invoice.reference}</span>
                  ) : null}
                </span>
              </td>
            </DocumentListRow>
          ))}
        </ChoosableDocumentTable>
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
