import type { Invoice } from '@b2b/contract';
import { Link } from 'react-router';
import { campaignNote } from '~/components/order/order-totals.ts';
import { CellLabel } from '~/components/ui/reflow-table.tsx';
import { cn } from '~/lib/cn.ts';
import { creditMemoPath, INVOICES_PATH, orderPath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatDateTime, formatMoney, formatUnitOfMeasure } from '~/lib/format.ts';
import { invoicePdfHref } from './document-downloads.ts';
import {
  BackLink,
  DocumentFacts,
  DocumentLinesSection,
  DocumentLinkWithDate,
  DocumentTotals,
  LINK_CLASS,
  PdfDownloadLink,
} from './document-parts.tsx';
import { DocumentTableRow, LINE_TITLE_CELL, LIST_AMOUNT_CELL } from './document-table.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** /customer-center/invoices/{linkId} (issue 9): an invoice's lines and totals, its PDF, its order and credit memos. */
export function InvoicePage({ invoice }: { invoice: Invoice }) {
  const currency = invoice.currencyCode;
  return (
    <div className="flex flex-col gap-6">
      <BackLink to={INVOICES_PATH}>All invoices</BackLink>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">
            Invoice <span data-testid="invoice-number">{invoice.invoiceNumber}</span>
          </h1>
          <InvoiceStatusBadge status={invoice.status} />
        </div>
        <DocumentFacts
          facts={[
            { label: 'Invoice date', value: formatDate(invoice.invoiceDate) },
            { label: 'Due date', value: formatDate(invoice.dueDate) },
            {
              label: 'Order',
              value: (
                <Link to={orderPath(invoice.orderId)} className={LINK_CLASS} data-testid="invoice-order-link">
                  {invoice.orderNumber}
                </Link>
              ),
            },
            { label: 'Reference', value: invoice.reference || '–' },
            ...(invoice.paidAt ? [{ label: 'Paid', value: `${formatDateTime(invoice.paidAt)} (UTC)` }] : []),
          ]}
        />
        <PdfDownloadLink href={invoicePdfHref(invoice)} documentName={`invoice ${invoice.invoiceNumber}`} />
      </div>
      <DocumentLinesSection
        headingId="invoice-lines-heading"
        heading="Lines"
        caption={`Lines of invoice ${invoice.invoiceNumber}`}
        columns={[
          { label: 'Product' },
          { label: 'Quantity', isAmount: true },
          { label: 'Unit price', isAmount: true },
          { label: 'Amount excl. VAT', isAmount: true },
        ]}
        totals={
          <DocumentTotals
            total={invoice.total}
            currencyCode={currency}
            vat={invoice.vat}
            extraRows={[
              ...(invoice.credited.priceWithVat > 0
                ? [{ label: 'Credited', amount: invoice.credited.priceWithVat, isDeduction: true }]
                : []),
              { label: 'Open amount', amount: invoice.openAmount, testId: 'open-amount' },
            ]}
          />
        }
      >
        {invoice.lines.map((line) => (
          <DocumentTableRow key={line.invoiceLineId} testId="invoice-line">
            <th
              scope="row"
              className={cn(LINE_TITLE_CELL, line.type === 'Generated' ? 'pr-3 pl-8 sm:pr-4 sm:pl-10' : 'px-3 sm:px-4')}
            >
              {line.name}
              {line.productId ? (
                <span className="block text-xs text-neutral-600">Item no. {line.variantId ?? line.productId}</span>
              ) : null}
              {line.campaign ? (
                <span className="block text-xs font-medium text-emerald-800" data-testid="invoice-line-campaign">
                  {campaignNote(line.campaign)} (−{formatMoney(line.campaign.discount, currency)})
                </span>
              ) : null}
              {line.creditedQuantity > 0 ? (
                <span className="block text-xs font-medium text-neutral-700">{line.creditedQuantity} credited</span>
              ) : null}
            </th>
            <td className={LIST_AMOUNT_CELL}>
              <CellLabel>Quantity</CellLabel>
              <span>
                {line.quantity}
                {line.unitOfMeasure ? ` ${formatUnitOfMeasure(line.unitOfMeasure)}` : ''}
              </span>
            </td>
            <td className={LIST_AMOUNT_CELL}>
              <CellLabel>Unit price</CellLabel>
              <span>{formatMoney(line.unitPrice, currency)}</span>
            </td>
            <td className={LIST_AMOUNT_CELL}>
              <CellLabel>Amount excl. VAT</CellLabel>
              <span>{formatMoney(line.linePrice.priceWithoutVat, currency)}</span>
            </td>
          </DocumentTableRow>
        ))}
      </DocumentLinesSection>
      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="bill-to-heading"
          className="rounded-lg border border-neutral-200 bg-white p-4 text-sm"
        >
          <h2 id="bill-to-heading" className="mb-2 text-lg font-semibold">
            Billed to
          </h2>
          <address className="not-italic">
            <span className="block font-medium">{invoice.customerName}</span>
            <span className="block text-neutral-600">Customer no. {invoice.customerNumber}</span>
            {invoice.vat.customerVatNumber ? (
              <span className="block text-neutral-600" data-testid="invoice-customer-vat-number">
                VAT no. {invoice.vat.customerVatNumber}
              </span>
            ) : null}
            {invoice.billToAddress ? (
              <>
                <span className="block">{invoice.billToAddress.street}</span>
                <span className="block">
                  {invoice.billToAddress.postalCode} {invoice.billToAddress.city}
                </span>
                <span className="block">{invoice.billToAddress.countryCode}</span>
              </>
            ) : null}
          </address>
        </section>
        <section
          aria-labelledby="credit-memos-heading"
          className="rounded-lg border border-neutral-200 bg-white p-4 text-sm"
        >
          <h2 id="credit-memos-heading" className="mb-2 text-lg font-semibold">
            Credit memos
          </h2>
          {invoice.creditMemos.length === 0 ? (
            <p className="text-neutral-600">Nothing has been credited on this invoice.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {invoice.creditMemos.map((creditMemo) => (
                <li key={creditMemo.creditMemoId} className="flex flex-wrap justify-between gap-x-4">
                  <DocumentLinkWithDate
                    href={creditMemoPath(creditMemo.creditMemoId)}
                    documentNumber={creditMemo.creditMemoNumber}
                    date={creditMemo.creditMemoDate}
                  />
                  <span>{formatMoney(creditMemo.total.priceWithVat, creditMemo.currencyCode)}</span>
                  <span className="w-full text-neutral-600">{creditMemo.reason}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
