import type { Order } from '@b2b/contract/order';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { OrderSummary } from './order-summary.tsx';

const PLACED_AT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** /checkout/receipt: the placed order — number, lines, totals excluding VAT, ship-to address, reference. */
export function ReceiptPage({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Thank you for your order</h1>
        <p className="mt-2 text-lg">
          Order number <strong data-testid="order-number">{order.orderNumber}</strong>
        </p>
        <p className="text-sm text-neutral-600">Placed {PLACED_AT.format(new Date(order.placedAt))} (UTC)</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="receipt-lines-heading" className="rounded-lg border border-neutral-200 bg-white p-4">
          <h2 id="receipt-lines-heading" className="mb-3 text-lg font-semibold">
            Order lines
          </h2>
          <OrderSummary
            lines={order.lines.map((line) => ({
              id: line.id,
              name: line.name,
              itemNumber: line.productKey.variantId ?? line.productKey.productId,
              quantity: line.quantity,
              netLineAmount: line.netLinePrice.priceWithoutVat,
              isSubLine: Boolean(line.parentId),
              isBackorder: line.isBackorder,
            }))}
            currencyCode={order.currencyCode}
            shippingName={order.shippingMethod?.name ?? null}
            shippingFee={order.shippingFee.priceWithoutVat}
            discount={order.discount.priceWithoutVat}
            totalNetPrice={order.totalNetPrice}
            isBackorder={order.isBackorder}
          />
        </section>
        <section
          aria-labelledby="receipt-details-heading"
          className="self-start rounded-lg border border-neutral-200 bg-white p-4"
        >
          <h2 id="receipt-details-heading" className="mb-3 text-lg font-semibold">
            Details
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
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
      <p>
        <Link to="/search" className={buttonClassName('secondary')}>
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
