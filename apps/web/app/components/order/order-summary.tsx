import { cn } from '~/lib/cn.ts';
import { formatMoney } from '~/lib/format.ts';
import type { LineFigures, OrderTotals, SummaryLine, TotalsRowKind } from './order-totals.ts';
import { VatNote } from './vat-note.tsx';

/**
 * A line's amount as the cart page shows it (and checkout, the receipt and the order page, the same way): the net
 * amount, quantity × net unit price, and the list amount struck through when the price agreement lowers it.
 */
export function LineAmounts({ figures, currencyCode }: { figures: LineFigures; currencyCode: string }) {
  return (
    <div className="text-sm sm:text-right">
      <p className="font-semibold" data-testid="line-total">
        {formatMoney(figures.netLineAmount, currencyCode)}
      </p>
      <p className="whitespace-nowrap text-xs text-neutral-600">
        {figures.quantity} × {formatMoney(figures.netUnitAmount, currencyCode)}
      </p>
      {figures.hasDiscount ? (
        <p className="whitespace-nowrap text-xs text-neutral-600" data-testid="line-list-amount">
          List <s>{formatMoney(figures.listLineAmount, currencyCode)}</s>
        </p>
      ) : null}
    </div>
  );
}

const ROW_TEST_IDS: Record<TotalsRowKind, string> = {
  subtotal: 'totals-subtotal',
  discount: 'totals-discount',
  'campaign-discount': 'totals-campaign-discount',
  surcharge: 'totals-surcharge',
  freight: 'totals-freight',
  'total-excl-vat': 'totals-total-excl-vat',
  vat: 'totals-vat',
  total: 'totals-total',
};

/**
 * The totals in the order a reader adds them up (order-totals.ts) and the note the VAT rate rests on: on the cart
 * page, at checkout, on the receipt and the order page. What the cart still misses for free freight, and the
 * small-order surcharge, are the cart's and checkout's (order-terms-notes.tsx).
 */
export function TotalsList({
  totals,
  totalExclVatTestId = ROW_TEST_IDS['total-excl-vat'],
}: {
  totals: OrderTotals;
  /** The cart page's total is `cart-total`, an order's `order-total` (the e2e suites read them). */
  totalExclVatTestId?: string;
}) {
  const { currencyCode } = totals;
  return (
    <div className="flex flex-col gap-2" data-testid="order-totals">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {totals.rows.map((row) => {
          const rule = row.isSum ? 'border-t border-neutral-200 pt-2 font-semibold' : '';
          return (
            <div key={row.key} className="contents">
              <dt className={rule}>{row.label}</dt>
              <dd
                className={cn('text-right tabular-nums', rule)}
                data-testid={row.kind === 'total-excl-vat' ? totalExclVatTestId : ROW_TEST_IDS[row.kind]}
              >
                {row.amount < 0 ? `−${formatMoney(-row.amount, currencyCode)}` : formatMoney(row.amount, currencyCode)}
              </dd>
            </div>
          );
        })}
      </dl>
      <VatNote vat={totals.vat} />
    </div>
  );
}

/** Lines and totals (order-totals.ts), shared by checkout, the receipt and the customer center's order page. */
export function OrderSummary({
  lines,
  totals,
  isBackorder,
}: {
  lines: SummaryLine[];
  totals: OrderTotals;
  isBackorder: boolean;
}) {
  const { currencyCode } = totals;
  return (
    <div className="flex flex-col gap-3">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Order lines</caption>
        <thead className="border-b border-neutral-300 text-neutral-700">
          <tr>
            <th scope="col" className="py-2 pr-2 font-medium">
              Product
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr
              key={line.id}
              className="border-b border-neutral-100"
              data-testid="summary-line"
              data-sub-line={line.isSubLine || undefined}
            >
              <th
                scope="row"
                className={cn('py-2 pr-2 align-top font-normal', line.isSubLine && 'pl-4 text-neutral-700')}
              >
                {line.name}
                <span className="block text-xs text-neutral-600">Item no. {line.itemNumber}</span>
                {line.campaign ? (
                  <span className="block text-xs font-medium text-emerald-800" data-testid="summary-line-campaign">
                    {line.campaign.note} (−{formatMoney(line.campaign.discount, currencyCode)})
                  </span>
                ) : null}
                {line.isBackorder ? <span className="block text-xs font-medium text-amber-800">Backorder</span> : null}
              </th>
              <td className="py-2 pr-2 text-right align-top">{line.figures.quantity}</td>
              <td className="py-2 text-right align-top">
                <LineAmounts figures={line.figures} currencyCode={currencyCode} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <TotalsList totals={totals} totalExclVatTestId="order-total" />
      {isBackorder ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Part of this order is on backorder: it ships when the goods are in stock.
        </p>
      ) : null}
    </div>
  );
}
