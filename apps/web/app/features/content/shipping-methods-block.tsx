import type { ResolvedContentBlock } from '@b2b/contract';
import {
  CellLabel,
  REFLOW_BODY,
  REFLOW_CELL,
  REFLOW_HEAD,
  REFLOW_ROW,
  REFLOW_TABLE,
  REFLOW_TABLE_BOX,
  REFLOW_TITLE_CELL,
} from '~/components/ui/reflow-table.tsx';
import { cn } from '~/lib/cn.ts';
import { toDisplayCurrency } from '~/lib/currency.ts';
import { formatMoney } from '~/lib/format.ts';
import { useOrderTerms } from '~/lib/order-terms.ts';

type ShippingMethodsBlock = Extract<ResolvedContentBlock, { type: 'shippingMethods' }>;

const HEADER_CELL = 'px-3 py-2 sm:px-4 font-medium';
const CELL = cn('px-3 py-2 sm:px-4', REFLOW_CELL);
const AMOUNT_CELL = cn('px-3 py-2 sm:px-4 text-right whitespace-nowrap tabular-nums', REFLOW_CELL);

/**
 * The shipping methods with their fees and free-freight thresholds in the viewer's currency (issue 24): the order
 * terms the root route loaded, which are the fees checkout charges. A customer sees their own area's methods in their
 * own currency, a visitor the area's. On a phone each method is a card (components/ui/reflow-table.tsx).
 */
export function ShippingMethodsBlockView({ block }: { block: ShippingMethodsBlock }) {
  const terms = useOrderTerms();
  const headingId = `${block.id}-heading`;
  const methods = terms?.shippingMethods ?? [];
  return (
    <section aria-labelledby={headingId} data-block="shippingMethods" className="max-w-3xl">
      <h2 id={headingId} className="mb-3 text-2xl font-semibold">
        {block.heading}
      </h2>
      {terms === null || methods.length === 0 ? (
        <p>The shipping methods and their fees are shown at checkout.</p>
      ) : (
        <div className={REFLOW_TABLE_BOX}>
          <table className={REFLOW_TABLE}>
            <caption className="sr-only">
              Shipping methods, fees in {toDisplayCurrency(terms.currencyCode)} excluding VAT
            </caption>
            <thead className={cn('border-b border-neutral-200 bg-neutral-50 text-neutral-700', REFLOW_HEAD)}>
              <tr>
                <th scope="col" className={HEADER_CELL}>
                  Method
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Delivery
                </th>
                <th scope="col" className={cn(HEADER_CELL, 'text-right')}>
                  Fee per order
                </th>
                <th scope="col" className={cn(HEADER_CELL, 'text-right')}>
                  Free from (goods)
                </th>
              </tr>
            </thead>
            <tbody className={REFLOW_BODY}>
              {methods.map((method) => (
                <tr
                  key={method.shippingMethodId}
                  className={cn('border-b border-neutral-100 md:last:border-0', REFLOW_ROW)}
                  data-testid="shipping-method-terms"
                >
                  <th scope="row" className={cn('px-3 py-2 font-semibold sm:px-4', REFLOW_TITLE_CELL)}>
                    {method.name}
                  </th>
                  <td className={CELL}>
                    <CellLabel>Delivery</CellLabel>
                    {method.description}
                  </td>
                  <td className={AMOUNT_CELL} data-testid="shipping-method-terms-fee">
                    <CellLabel>Fee per order</CellLabel>
                    {method.fee === 0 ? 'Free' : formatMoney(method.fee, terms.currencyCode)}
                  </td>
                  <td className={AMOUNT_CELL} data-testid="shipping-method-terms-free-from">
                    <CellLabel>Free from (goods)</CellLabel>
                    {method.freeAbove === null ? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">never free</span>
                      </>
                    ) : (
                      formatMoney(method.freeAbove, terms.currencyCode)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
