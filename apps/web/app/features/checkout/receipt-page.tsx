import type { Order } from '@b2b/contract/order';
import { Link } from 'react-router';
import { AssistedByNote } from '~/components/order/assisted-by.tsx';
import { OrderDetails } from '~/components/order/order-details.tsx';
import { buttonClassName } from '~/components/ui/button.tsx';
import { formatDateTime } from '~/lib/format.ts';

/** /checkout/receipt: the placed order — number, lines, the totals (order-totals.ts), ship-to address, reference. */
export function ReceiptPage({ order, priceGroup }: { order: Order; priceGroup: string }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Thank you for your order</h1>
        <p className="mt-2 text-lg">
          Order number <strong data-testid="order-number">{order.orderNumber}</strong>
        </p>
        <p className="text-sm text-neutral-600">Placed {formatDateTime(order.placedAt)} (UTC)</p>
        <AssistedByNote assistedBy={order.assistedBy} />
      </div>
      <OrderDetails order={order} priceGroup={priceGroup} />
      <p className="flex flex-wrap gap-3">
        <Link to="/search" className={buttonClassName('secondary')}>
          Continue shopping
        </Link>
        <Link to={`/customer-center/orders/${order.orderId}`} className={buttonClassName('secondary')}>
          View in your orders
        </Link>
      </p>
    </div>
  );
}
