import type { GetCreditMemosWithPaginationResponse } from '@b2b/contract';
import { Link } from 'react-router';
import { Pagination } from '~/components/ui/pagination.tsx';
import { CellLabel, REFLOW_CELL } from '~/components/ui/reflow-table.tsx';
import { cn } from '~/lib/cn.ts';
import { CREDIT_MEMOS_PATH, creditMemoPath, invoicePath, orderPath } from '~/lib/customer-center-paths.ts';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { CREDIT_MEMO_ZIP_FIELD, CREDIT_MEMOS_ZIP_PATH } from './document-downloads.ts';
import { creditMemoListHref, type DocumentListParams, isFiltered } from './document-list-params.ts';
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

const CREDIT_MEMO_ZIP: ZipDownload = {
  formId: 'credit-memo-zip',
  action: CREDIT_MEMOS_ZIP_PATH,
  field: CREDIT_MEMO_ZIP_FIELD,
  noun: 'credit memos',
};

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
        <DocumentListEmpty testId="credit-memos-empty">
          {filtered ? 'No credit memos match. Try another number or date.' : 'No credit memos yet.'}
        </DocumentListEmpty>
      ) : (
        <ChoosableDocumentTable
          zip={CREDIT_MEMO_ZIP}
          selection={selection}
          caption="Credit memos, newest first"
          chooseAllLabel="Choose every credit memo on this page"
          columns={[
            { label: 'Credit memo' },
            { label: 'Amount', isAmount: true },
            { label: 'Date' },
            { label: 'Invoice' },
            { label: 'Order' },
            { label: 'Reason' },
          ]}
        >
          {page.creditMemos.map((creditMemo) => (
            <DocumentListRow
              key={creditMemo.creditMemoId}
              testId="credit-memo-row"
              zip={CREDIT_MEMO_ZIP}
              selection={selection}
              zipValue={creditMemo.creditMemoId}
              documentNumber={creditMemo.creditMemoNumber}
              href={creditMemoPath(creditMemo.creditMemoId)}
            >
              <td className={LIST_AMOUNT_CELL}>
                <CellLabel>Amount</CellLabel>
                <span>{formatMoney(creditMemo.total.priceWithVat, creditMemo.currencyCode)}</span>
              </td>
              <td className={LIST_CELL}>
                <CellLabel>Date</CellLabel>
                <span>{formatDate(creditMemo.creditMemoDate)}</span>
              </td>
              <td className={LIST_CELL}>
                <CellLabel>Invoice</CellLabel>
                <Link to={invoicePath(creditMemo.invoiceLinkId)} className={LINK_CLASS}>
                  {creditMemo.invoiceNumber}
                </Link>
              </td>
              <td className={LIST_CELL}>
                <CellLabel>Order</CellLabel>
                <Link to={orderPath(creditMemo.orderId)} className={LINK_CLASS}>
                  {creditMemo.orderNumber}
                </Link>
              </td>
              <td className={cn('px-3 py-2 sm:px-4 md:min-w-48', REFLOW_CELL)}>
                <CellLabel>Reason</CellLabel>
                <span>{creditMemo.reason}</span>
              </td>
            </DocumentListRow>
          ))}
        </ChoosableDocumentTable>
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
