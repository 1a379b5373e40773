import type { Variant } from '@b2b/contract';
import { useId } from 'react';
import { ProductPrice } from '~/components/product/product-price.tsx';
import { StockBadge } from '~/components/product/stock-badge.tsx';
import { formatDate } from '~/lib/format.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';

/** yyyy-mm-dd shown in en-GB ("3 Mar 2025"); the machine-readable date stays in the `time` element. */
function NewStockDate({ date }: { date: string | null }) {
  if (!date) return <span className="text-neutral-500">–</span>;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return <span>{date}</span>;
  return <time dateTime={date}>{formatDate(parsed)}</time>;
}

/**
 * The sellable variants: item number, size, colour, stock status with quantity, new-stock date, and for
 * logged-in users a variant's own price when it has one (`data-testid="variant-price"`).
 */
export function VariantsTable({
  variants,
  variantPrices,
}: {
  variants: Variant[];
  variantPrices?: Record<string, PriceView> | undefined;
}) {
  const captionId = useId();
  const hasPrices = Boolean(variantPrices && Object.keys(variantPrices).length > 0);
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption id={captionId} className="sr-only">
          Variants
        </caption>
        <thead className="border-b border-neutral-300 text-neutral-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Item number
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Size
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Colour
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Stock
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              New stock date
            </th>
            {hasPrices ? (
              <th scope="col" className="py-2 font-medium">
                Price
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {variants.map((variant) => {
            const price = variantPrices?.[variant.id];
            return (
              <tr key={variant.id} className="border-b border-neutral-200" data-testid="variant-row">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {variant.id}
                </th>
                <td className="py-2 pr-4">{variant.size ?? '–'}</td>
                <td className="py-2 pr-4">{variant.colour ?? '–'}</td>
                <td className="py-2 pr-4">
                  <StockBadge stockLevel={variant.stockLevel} showQuantity />
                </td>
                <td className="py-2 pr-4">
                  <NewStockDate date={variant.newStockDate} />
                </td>
                {hasPrices ? (
                  <td className="py-2">{price ? <ProductPrice price={price} testId="variant-price" /> : '–'}</td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
