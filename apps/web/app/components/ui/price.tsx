import { formatMoney } from '~/lib/format.ts';
import { useSession } from '~/lib/use-session.ts';

/**
 * A price, excluding VAT (spec §1). Renders nothing for anonymous visitors (prices are shown only when logged in) nor for staff without a customer.
 * `currencyCode` defaults to the session's currency (customer's, else the area's).
 */
export function Price({
  amount,
  currencyCode,
  className,
}: {
  amount: number;
  currencyCode?: string;
  className?: string;
}) {
  const session = useSession();
  if (!session.actsForCustomer) return null;
  return (
    <span className={className} data-testid="price">
      {formatMoney(amount, currencyCode ?? session.area.currencyCode)}
    </span>
  );
}
