import type { TotalsVat } from './order-totals.ts';

/**
 * What a VAT row's rate rests on (ADR 018), under the totals of the cart, checkout, order, invoice and credit memo:
 * the legal ground of a 0 % rate (reverse charge, export), or why the seller's VAT applies; for reverse charge the
 * customer's VAT number it rests on. Nothing for a plain domestic rate.
 */
export function VatNote({ vat }: { vat: TotalsVat }) {
  if (!vat.note) return null;
  const showsVatNumber = vat.treatment === 'reverse-charge' && vat.customerVatNumber;
  return (
    <p className="text-xs text-neutral-700" data-testid="vat-note">
      {vat.note}
      {showsVatNumber ? (
        <>
          {' '}
          Your VAT number: <span className="whitespace-nowrap">{vat.customerVatNumber}</span>.
        </>
      ) : null}
    </p>
  );
}
