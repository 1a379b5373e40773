import type {
  GetCreditMemosWithPaginationResponse,
  GetInvoicesWithPaginationResponse,
  GetStatementOfAccountResponse,
} from '@b2b/contract';
import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';
import { CREDIT_MEMOS_PATH, creditMemoPath, INVOICES_PATH, invoicePath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { invoiceListHref } from './document-list-params.ts';
import { DocumentLinkWithDate, LINK_CLASS } from './document-parts.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const CARD = 'rounded-xl border border-neutral-200 bg-white p-6 shadow-xs';

function invoiceCount(count: number): string {
  return count === 1 ? '1 invoice' : `${count} invoices`;
}

const OVERDUE_INVOICES_HREF = invoiceListHref({ search: '', status: 'overdue', dateFrom: '', dateTo: '', page: 1 });
const OPEN_INVOICES_HREF = invoiceListHref({ search: '', status: 'open', dateFrom: '', dateTo: '', page: 1 });

/** Statement of account (issue 9): what the customer owes and how much of it is overdue, per currency. */
export function StatementOfAccount({ statement }: { statement: GetStatementOfAccountResponse }) {
  return (
    <section aria-labelledby="statement-heading" className={CARD} data-testid="statement">
      <h2 id="statement-heading" className="text-lg font-semibold">
        Statement of account
      </h2>
      <p className="mt-1 text-sm text-neutral-600">As of {formatDate(statement.asOf)}, amounts incl. VAT.</p>
      {statement.currencies.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-700">Nothing is open: every invoice is paid.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {statement.currencies.map((line) => (
            <li key={line.currencyCode} className="rounded-lg border border-neutral-200 p-4">
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
                <dt className="text-neutral-700">
                  Open balance
                  <span className="block text-xs text-neutral-600">{invoiceCount(line.openInvoiceCount)}</span>
                </dt>
                <dd className="text-right text-base font-semibold" data-testid="statement-open">
                  {formatMoney(line.openBalance, line.currencyCode)}
                </dd>
                <dt className={line.overdueAmount > 0 ? 'font-medium text-red-800' : 'text-neutral-700'}>
                  Overdue
                  <span className="block text-xs">{invoiceCount(line.overdueInvoiceCount)}</span>
                </dt>
                <dd
                  className={cn('text-right text-base font-semibold', line.overdueAmount > 0 && 'text-red-800')}
                  data-testid="statement-overdue"
                >
                  {formatMoney(line.overdueAmount, line.currencyCode)}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={OPEN_INVOICES_HREF} className={LINK_CLASS}>
          Open invoices
        </Link>
        <Link to={OVERDUE_INVOICES_HREF} className={LINK_CLASS}>
          Overdue invoices
        </Link>
      </p>
    </section>
  );
}

/** The newest invoices and credit memos, with the way to all of them. */
export function LatestDocuments({
  invoices,
  creditMemos,
}: {
  invoices: GetInvoicesWithPaginationResponse;
  creditMemos: GetCreditMemosWithPaginationResponse;
}) {
  return (
    <section aria-labelledby="latest-documents-heading" className={CARD}>
      <h2 id="latest-documents-heading" className="text-lg font-semibold">
        Latest documents
      </h2>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold text-neutral-700">Invoices</h3>
          {invoices.invoices.length === 0 ? (
            <p className="text-sm text-neutral-600">No invoices yet.</p>
          ) : (
            <ul className="divide-y divide-neutral-100 text-sm" data-testid="latest-invoices">
              {invoices.invoices.map((invoice) => (
                <li
                  key={invoice.invoiceId}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                >
                  <DocumentLinkWithDate
                    href={invoicePath(invoice.linkId)}
                    documentNumber={invoice.invoiceNumber}
                    date={invoice.invoiceDate}
                  />
                  <span className="flex items-center gap-2">
                    {formatMoney(invoice.total.priceWithVat, invoice.currencyCode)}
                    <InvoiceStatusBadge status={invoice.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-sm">
            <Link to={INVOICES_PATH} className={LINK_CLASS}>
              All invoices ({invoices.totalCount})
            </Link>
          </p>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-neutral-700">Credit memos</h3>
          {creditMemos.creditMemos.length === 0 ? (
            <p className="text-sm text-neutral-600">No credit memos yet.</p>
          ) : (
            <ul className="divide-y divide-neutral-100 text-sm" data-testid="latest-credit-memos">
              {creditMemos.creditMemos.map((creditMemo) => (
                <li
                  key={creditMemo.creditMemoId}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                >
                  <DocumentLinkWithDate
                    href={creditMemoPath(creditMemo.creditMemoId)}
                    documentNumber={creditMemo.creditMemoNumber}
                    date={creditMemo.creditMemoDate}
                  />
                  <span>{formatMoney(creditMemo.total.priceWithVat, creditMemo.currencyCode)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-sm">
            <Link to={CREDIT_MEMOS_PATH} className={LINK_CLASS}>
              All credit memos ({creditMemos.totalCount})
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
