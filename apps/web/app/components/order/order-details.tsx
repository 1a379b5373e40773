import type { Order } from '@b2b/contract/order';
import type { ReactNode } from 'react';
import { OrderSummary } from './order-summary.tsx';
import { orderTotals, toSummaryLines } from './order-totals.ts';

/**
 * A placed order's lines with totals excluding VAT, and its details (ship-to address, shipping, payment, reference,
 * comment): shown on the receipt and on the customer center's order page. `extraDetails` adds rows to the details.
 */
export function OrderDetails({
  order,
  priceGroup = '',
  extraDetails,
}: {
  order: Order;
  /** The customer's price group, named in the discount's label (left out: "Your price agreement"). */
  priceGroup?: string;
  extraDetails?: ReactNode;
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="order-lines-heading" className="rounded-lg border border-neutral-200 bg-white p-4">
        <h2 id="order-lines-heading" className="mb-3 text-lg font-semibold">
          Order lines
        </h2>
        <OrderSummary
          lines={toSummaryLines(order.lines)}
          totals={orderTotals(order, {
            priceGroup,
            shippingName: order.shippingMethod?.name ?? null,
          })}
          isBackorder={order.isBackorder}
        />
      </section>
      <section
        aria-labelledby="order-details-heading"
        className="self-start rounded-lg border border-neutral-200 bg-white p-4"
      >
        <h2 id="order-details-heading" className="mb-3 text-lg font-semibold">
          Details
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {extraDetails}
          <dt className="text-neutral-600">Ship to</dt>
          <dd data-testid="receipt-address">
            {order.shippingAddress ? (
              <>
                {order.shippingAddress.name}
                <br />
                {order.shippingAddress.street}
                <br />
                {order.shippingAddress.postalCode} {order.shippingAddress.city}, {order.shippingAddress.countryCode}
              </>
            ) : (
              '–'
            )}
          </dd>
          <dt className="text-neutral-600">Payment</dt>
          <dd>{order.paymentMethod.kind === 'Invoice' ? 'Payment on account (invoice)' : 'Card'}</dd>
          <dt className="text-neutral-600">Reference</dt>
          <dd data-testid="receipt-reference">{order.reference || '–'}</dd>
          {order.comment ? (
            <>
              <dt className="text-neutral-600">Comment</dt>
              <dd className="whitespace-pre-line">{order.comment}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
