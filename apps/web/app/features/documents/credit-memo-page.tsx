import type { CreditMemo } from '@b2b/contract';
import { Link } from 'react-router';
import { CREDIT_MEMOS_PATH, invoicePath, orderPath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { creditMemoPdfHref } from './document-downloads.ts';
import { ScrollingTable } from './document-list-parts.tsx';
import { BackLink, DocumentFacts, DocumentTotals, LINK_CLASS, PdfDownloadLink } from './document-parts.tsx';

const HEADER_CELL = 'px-3 py-2 sm:px-4 font-medium whitespace-nowrap';

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
      <section aria-labelledby="credit-memo-lines-heading" className="flex flex-col gap-4">
        <h2 id="credit-memo-lines-heading" className="text-lg font-semibold">
          Credited
        </h2>
        <ScrollingTable caption={`Lines of credit memo ${creditMemo.creditMemoNumber}`}>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className={HEADER_CELL}>
                Description
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                Quantity
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                Amount excl. VAT
              </th>
            </tr>
          </thead>
          <tbody>
            {creditMemo.lines.map((line) => (
              <tr
                key={line.creditMemoLineId}
                data-testid="credit-memo-line"
                className="border-b border-neutral-100 last:border-0"
              >
                <th scope="row" className="px-3 py-2 sm:px-4 font-normal">
                  {line.description}
                </th>
                <td className="px-3 py-2 sm:px-4 text-right whitespace-nowrap">{line.quantity ?? '–'}</td>
                <td className="px-3 py-2 sm:px-4 text-right whitespace-nowrap">
                  {formatMoney(line.amount.priceWithoutVat, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
        <DocumentTotals total={creditMemo.total} currencyCode={currency} vatLabel="VAT" />
      </section>
    </div>
  );
}
