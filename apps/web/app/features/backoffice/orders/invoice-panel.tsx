import { INVOICE_STATUS_TEXTS } from '@b2b/contract/constants';
import type { Invoice } from '@b2b/contract/documents';
import { Form } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { formatDate, formatMoney } from '~/lib/format.ts';
import { invoiceAnchor } from './staff-order-timeline.tsx';

export type FormFeedback = { message: string; field: string | null } | null;

const CELL = 'px-3 py-2';

/**
 * One invoice of the order for staff: its lines with what is credited, its credit memos, what is open, and the two
 * things staff do with it: credit lines (or all that is left) and register its payment.
 */
export function InvoicePanel({
  invoice,
  today,
  creditError,
  paymentError,
}: {
  invoice: Invoice;
  /** yyyy-mm-dd, the payment date's default. */
  today: string;
  creditError: FormFeedback;
  paymentError: FormFeedback;
}) {
  const money = (amount: number) => formatMoney(amount, invoice.currencyCode);
  const creditable = invoice.lines.filter((line) => line.quantity - line.creditedQuantity > 0);
  const headingId = `${invoiceAnchor(invoice.invoiceId)}-heading`;
  return (
    <section
      id={invoiceAnchor(invoice.invoiceId)}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-4"
      data-testid="backoffice-invoice"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Invoice {invoice.invoiceNumber}
        </h2>
        <p className="text-sm" data-testid="backoffice-invoice-status">
          {INVOICE_STATUS_TEXTS[invoice.status]} · dated {formatDate(invoice.invoiceDate)} · due{' '}
          {formatDate(invoice.dueDate)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-neutral-600">Total incl. VAT</dt>
          <dd className="tabular-nums">{money(invoice.total.priceWithVat)}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">Credited incl. VAT</dt>
          <dd className="tabular-nums">{money(invoice.credited.priceWithVat)}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">Open</dt>
          <dd className="font-semibold tabular-nums" data-testid="backoffice-invoice-open">
            {money(invoice.openAmount)}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-600">Paid</dt>
          <dd>{invoice.paidAt ? formatDate(invoice.paidAt) : 'Not yet'}</dd>
        </div>
      </dl>

      <Form method="post" className="flex flex-col gap-3" aria-labelledby={`${headingId}-credit`}>
        <h3 id={`${headingId}-credit`} className="font-semibold">
          Credit
        </h3>
        <input type="hidden" name="intent" value="credit" />
        <input type="hidden" name="invoiceId" value={invoice.invoiceId} />
        <div className="overflow-x-auto rounded-md border border-neutral-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Lines of invoice {invoice.invoiceNumber}</caption>
            <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
              <tr>
                <th scope="col" className={CELL}>
                  Line
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  Quantity
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  Credited
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  Amount excl. VAT
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  Credit now
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => {
                const left = line.quantity - line.creditedQuantity;
                return (
                  <tr key={line.invoiceLineId} className="border-b border-neutral-100 last:border-0">
                    <th scope="row" className={`${CELL} font-normal`}>
                      {line.name}
                    </th>
                    <td className={`${CELL} text-right tabular-nums`}>{line.quantity}</td>
                    <td className={`${CELL} text-right tabular-nums`}>{line.creditedQuantity}</td>
                    <td className={`${CELL} text-right tabular-nums`}>{money(line.linePrice.priceWithoutVat)}</td>
                    <td className={`${CELL} text-right`}>
                      {left > 0 ? (
                        <input
                          type="number"
                          name={`qty-${line.invoiceLineId}`}
                          min={0}
                          max={left}
                          step={1}
                          aria-label={`Quantity of ${line.name} to credit, at most ${left}`}
                          className="w-20 rounded-md border border-neutral-300 px-2 py-1 text-right"
                        />
                      ) : (
                        <span className="text-neutral-600">All credited</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {creditable.length > 0 ? (
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label="Reason (printed on the credit memo)"
              name="reason"
              required
              maxLength={500}
              className="min-w-64 flex-1"
              error={creditError?.field === 'reason' ? creditError.message : undefined}
            />
            <Button type="submit" name="scope" value="lines" severity="secondary">
              Credit the quantities entered
            </Button>
            <Button type="submit" name="scope" value="all" severity="secondary">
              Credit all that is left
            </Button>
          </div>
        ) : (
          <p className="text-sm text-neutral-700">Every line of this invoice is credited.</p>
        )}
        {creditError && creditError.field !== 'reason' ? <Alert>{creditError.message}</Alert> : null}
      </Form>
      {invoice.creditMemos.length > 0 ? (
        <div>
          <h3 className="font-semibold">Credit memos</h3>
          <ul className="mt-1 text-sm">
            {invoice.creditMemos.map((memo) => (
              <li key={memo.creditMemoId}>
                {memo.creditMemoNumber} · {formatDate(memo.creditMemoDate)} · {money(memo.total.priceWithVat)} incl. VAT
                — {memo.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {invoice.paidAt ? null : (
        <Form method="post" className="flex flex-col gap-3" aria-labelledby={`${headingId}-payment`}>
          <h3 id={`${headingId}-payment`} className="font-semibold">
            Register the payment
          </h3>
          <input type="hidden" name="intent" value="payment" />
          <input type="hidden" name="invoiceId" value={invoice.invoiceId} />
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label={`Amount received (${invoice.currencyCode})`}
              name="amount"
              inputMode="decimal"
              defaultValue={String(invoice.openAmount)}
              hint="The whole open amount: an invoice is paid in full"
              error={paymentError?.field === 'amount' ? paymentError.message : undefined}
            />
            <TextField label="Received on" name="paidOn" type="date" defaultValue={today} required />
            <TextField label="Reference (bank statement)" name="reference" maxLength={100} />
            <Button type="submit" severity="primary">
              Register payment
            </Button>
          </div>
          {paymentError && paymentError.field !== 'amount' ? <Alert>{paymentError.message}</Alert> : null}
        </Form>
      )}
    </section>
  );
}
