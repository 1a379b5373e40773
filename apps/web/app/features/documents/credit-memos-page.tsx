import type { GetCreditMemosWithPaginationResponse } from '@b2b/contract';
import { Link } from 'react-router';
import { Pagination } from '~/components/ui/pagination.tsx';
import { CREDIT_MEMOS_PATH, creditMemoPath, invoicePath, orderPath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { CREDIT_MEMO_ZIP_FIELD, CREDIT_MEMOS_ZIP_PATH } from './document-downloads.ts';
import { creditMemoListHref, type DocumentListParams, isFiltered } from './document-list-params.ts';
import {
  ChooseAllCell,
  ChooseRowCell,
  DocumentCount,
  DocumentSearchForm,
  ScrollingTable,
  useRowSelection,
  ZipDownloadForm,
} from './document-list-parts.tsx';

const ZIP_FORM_ID = 'credit-memo-zip';
const HEADER_CELL = 'px-3 py-2 sm:px-4 font-medium whitespace-nowrap';
const LINK = 'text-accent-800 underline hover:text-accent-900';

/** /customer-center/credit-memos (issue 9): what was credited, newest first, 20 a page, searchable by number or date. */
export function CreditMemosPage({
  params,
  page,
}: {
  params: DocumentListParams;
  page: GetCreditMemosWithPaginationResponse;
}) {
  const filtered = isFiltered(params);
  const selection = useRowSelection(page.creditMemos.map((creditMemo) => creditMemo.creditMemoId));
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Credit memos</h1>
      <DocumentSearchForm
        label="Find credit memos"
        searchLabel="Credit memo, invoice, order number or reference"
        params={params}
        isFiltered={filtered}
        resetHref={CREDIT_MEMOS_PATH}
      />
      <DocumentCount count={page.totalCount} singular="credit memo" plural="credit memos" isFiltered={filtered} />
      {page.creditMemos.length === 0 ? (
        <p
          data-testid="credit-memos-empty"
          className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700"
        >
          {filtered ? 'No credit memos match. Try another number or date.' : 'No credit memos yet.'}
        </p>
      ) : (
        <>
          <ZipDownloadForm
            formId={ZIP_FORM_ID}
            action={CREDIT_MEMOS_ZIP_PATH}
            chosenCount={selection.chosen.size}
            noun="credit memos"
          />
          <ScrollingTable caption="Credit memos, newest first">
            <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
              <tr>
                <ChooseAllCell selection={selection} label="Choose every credit memo on this page" />
                <th scope="col" className={HEADER_CELL}>
                  Credit memo
                </th>
                <th scope="col" className={`${HEADER_CELL} text-right`}>
                  Amount
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Date
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Invoice
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Order
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {page.creditMemos.map((creditMemo) => (
                <tr
                  key={creditMemo.creditMemoId}
                  data-testid="credit-memo-row"
                  className="border-b border-neutral-100 last:border-0"
                >
                  <ChooseRowCell
                    selection={selection}
                    formId={ZIP_FORM_ID}
                    name={CREDIT_MEMO_ZIP_FIELD}
                    value={creditMemo.creditMemoId}
                    label={`Choose ${creditMemo.creditMemoNumber}`}
                  />
                  <th scope="row" className="px-3 py-2 sm:px-4 font-medium whitespace-nowrap">
                    <Link to={creditMemoPath(creditMemo.creditMemoId)} className={LINK}>
                      {creditMemo.creditMemoNumber}
                    </Link>
                  </th>
                  <td className="px-3 py-2 sm:px-4 text-right whitespace-nowrap">
                    {formatMoney(creditMemo.total.priceWithVat, creditMemo.currencyCode)}
                  </td>
                  <td className="px-3 py-2 sm:px-4 whitespace-nowrap">{formatDate(creditMemo.creditMemoDate)}</td>
                  <td className="px-3 py-2 sm:px-4 whitespace-nowrap">
                    <Link to={invoicePath(creditMemo.invoiceLinkId)} className={LINK}>
                      {creditMemo.invoiceNumber}
                    </Link>
                  </td>
                  <td className="px-3 py-2 sm:px-4 whitespace-nowrap">
                    <Link to={orderPath(creditMemo.orderId)} className={LINK}>
                      {creditMemo.orderNumber}
                    </Link>
                  </td>
                  <td className="min-w-48 px-3 py-2 sm:px-4">{creditMemo.reason}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </>
      )}
      <Pagination
        label="Credit memo pages"
        currentPage={page.pageNr}
        pageCount={page.pageCount}
        hrefForPage={(pageNr) => creditMemoListHref({ ...params, page: pageNr })}
      />
    </div>
  );
}
