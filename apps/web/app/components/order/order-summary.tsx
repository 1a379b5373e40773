import type { CalculatedCartLine } from '@b2b/contract/cart';
import { formatMoney } from '~/lib/format.ts';

export type SummaryLine = {
  id: string;
  name: string;
  itemNumber: string;
  quantity: number;
  netLineAmount: number;
  isSubLine: boolean;
  isBackorder: boolean;
};

/** Summary lines of calculated cart lines (checkout) or order lines (receipt, order page: the same shape). */
export function toSummaryLines(lines: CalculatedCartLine[]): SummaryLine[] {
  return lines.map((line) => ({
    id: line.id,
    name: line.name,
    itemNumber: line.productKey.variantId ?? line.productKey.productId,
    quantity: line.quantity,
    netLineAmount: line.netLinePrice.priceWithoutVat,
    isSubLine: Boolean(line.parentId),
    isBackorder: line.isBackorder,
  }));
}

/** Lines and totals excluding VAT (spec §1), shared by checkout and the receipt. */
export function OrderSummary({
  lines,
  currencyCode,
  shippingName,
  shippingFee,
  discount,
  totalNetPrice,
  isBackorder,
}: {
  lines: SummaryLine[];
  currencyCode: string;
  shippingName: string | null;
  shippingFee: number | null;
  discount: number;
  totalNetPrice: number;
  isBackorder: boolean;
}) {
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
            <tr key={line.id} className="border-b border-neutral-100" data-testid="summary-line">
              <th scope="row" className={`py-2 pr-2 font-normal ${line.isSubLine ? 'pl-4 text-neutral-700' : ''}`}>
                {line.name}
                <span className="block text-xs text-neutral-600">Item no. {line.itemNumber}</span>
                {line.isBackorder ? <span className="block text-xs font-medium text-amber-800">Backorder</span> : null}
              </th>
              <td className="py-2 pr-2 text-right">{line.quantity}</td>
              <td className="py-2 text-right">{formatMoney(line.netLineAmount, currencyCode)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {discount > 0 ? (
          <>
            <dt>Discount</dt>
            <dd className="text-right">−{formatMoney(discount, currencyCode)}</dd>
          </>
        ) : null}
        {shippingFee !== null ? (
          <>
            <dt>Shipping{shippingName ? ` (${shippingName})` : ''}</dt>
            <dd className="text-right" data-testid="shipping-fee">
              {formatMoney(shippingFee, currencyCode)}
            </dd>
          </>
        ) : null}
        <dt className="border-t border-neutral-200 pt-2 font-semibold">Total excl. VAT</dt>
        <dd className="border-t border-neutral-200 pt-2 text-right font-semibold" data-testid="order-total">
          {formatMoney(totalNetPrice, currencyCode)}
        </dd>
      </dl>
      {isBackorder ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Part of this order is on backorder: it ships when the goods are in stock.
        </p>
      ) : null}
    </div>
  );
}
