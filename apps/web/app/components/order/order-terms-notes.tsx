import type { CalculatedCart } from '@b2b/contract/cart';
import { formatMoney } from '~/lib/format.ts';

/**
 * Below the totals of the cart and checkout (issue 24): the order terms where they apply, in the cart's currency,
 * from CalculateCart's own standing (the rules it charged by, to the cent). The small-order surcharge when the cart
 * pays it, with what to add to avoid it; the priced method's free freight, with what is still to go.
 */
export function OrderTermsNotes({
  calculated,
}: {
  calculated: Pick<CalculatedCart, 'currencyCode' | 'smallOrderSurcharge' | 'freeFreight'>;
}) {
  const { currencyCode, smallOrderSurcharge: surcharge, freeFreight } = calculated;
  const money = (amount: number) => formatMoney(amount, currencyCode);
  if (!surcharge?.isCharged && !freeFreight) return null;
  return (
    <div className="flex flex-col gap-2">
      {surcharge?.isCharged ? (
        <p
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="small-order-surcharge-note"
        >
          Orders under {money(surcharge.below)} (goods excl. VAT) pay a small-order surcharge of {money(surcharge.fee)}{' '}
          — add {money(surcharge.amountToAvoid)} to avoid it.
        </p>
      ) : null}
      {freeFreight ? (
        <p className="text-xs text-neutral-700" data-testid="free-freight-threshold">
          Free freight from {money(freeFreight.from)} (goods excl. VAT):{' '}
          {freeFreight.amountToGo > 0 ? `${money(freeFreight.amountToGo)} to go` : 'reached'}.
        </p>
      ) : null}
    </div>
  );
}
