import type { CreditMemo } from '@b2b/contract';
import { Link } from 'react-router';
import { CellLabel } from '~/components/ui/reflow-table.tsx';
import { cn } from '~/lib/cn.ts';
import { CREDIT_MEMOS_PATH, invoicePath, orderPath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { creditMemoPdfHref } from './document-downloads.ts';
import {
  BackLink,
  DocumentFacts,
  DocumentLinesSection,
  DocumentTotals,
  LINK_CLASS,
  PdfDownloadLink,
} from './document-parts.tsx';
import { DocumentTableRow, LINE_TITLE_CELL, LIST_AMOUNT_CELL } from './document-table.tsx';

/** /customer-center/credit-memos/{creditMemoId} (issue 9): what was credited and why, its PDF, its invoice and order. */
export function CreditMemoPage({ creditMemo }: { creditMemo: CreditMemo }) {
  const currency = creditMemo.currencyCode;
  return (
    <div className="flex flex-col gap-6">
      <BackLink to={CREDIT_MEMOS_PATH}>All credit memos</BackLink>
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">
          Credit memo <span data-testid="credit-memo-number">{creditMemo.creditMemoNumber}</span>
        </h1>
        <DocumentFacts
          facts={[
            { label: 'Date', value: formatDate(creditMemo.creditMemoDate) },
            {
              label: 'Credits invoice',
              value: (
                <Link to={invoicePath(creditMemo.invoiceLinkId)} className={LINK_CLASS}>
                  {creditMemo.invoiceNumber}
                </Link>
              ),
            },
            {
              label: 'Order',
              value: (
                <Link to={orderPath(creditMemo.orderId)} className={LINK_CLASS}>
                  {creditMemo.orderNumber}
                </Link>
              ),
            },
            { label: 'Reference', value: creditMemo.reference || '–' },
            { label: 'Reason', value: creditMemo.reason },
          ]}
        />
        <PdfDownloadLink
          href={creditMemoPdfHref(creditMemo.creditMemoId)}
          documentName={`credit memo ${creditMemo.creditMemoNumber}`}
        />
      </div>
      <DocumentLinesSection
        headingId="credit-memo-lines-heading"
        heading="Credited"
        caption={`Lines of credit memo ${creditMemo.creditMemoNumber}`}
        columns={[
          { label: 'Description' },
          { label: 'Quantity', isAmount: true },
          { label: 'Amount excl. VAT', isAmount: true },
        ]}
        totals={<DocumentTotals total={creditMemo.total} currencyCode={currency} vat={creditMemo.vat} />}
      >
        {creditMemo.lines.map((line) => (
          <DocumentTableRow key={line.creditMemoLineId} testId="credit-memo-line">
            <th scope="row" className={cn('px-3 sm:px-4', LINE_TITLE_CELL)}>
              {line.description}
            </th>
            <td className={LIST_AMOUNT_CELL}>
              <CellLabel>Quantity</CellLabel>
              <span>{line.quantity ?? '–'}</span>
            </td>
            <td className={LIST_AMOUNT_CELL}>
              <CellLabel>Amount excl. VAT</CellLabel>
              <span>{formatMoney(line.amount.priceWithoutVat, currency)}</span>
            </td>
          </DocumentTableRow>
        ))}
      </DocumentLinesSection>
    </div>
  );
}
