import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StockBadge } from './stock-badge.tsx';
import { shopToday } from './stock-status.ts';

/** A day `days` away from today in the shop's calendar (UTC), as yyyy-mm-dd. */
function dayFromToday(days: number): string {
  return shopToday(new Date(Date.now() + days * 86_400_000));
}

describe('StockBadge', () => {
  it('names the coming arrival of a product short of stock', () => {
    const coming = dayFromToday(10);
    const html = renderToStaticMarkup(<StockBadge stockLevel={0} newStockDate={coming} />);
    expect(html).toContain('Out of stock');
    expect(html).toContain(`Arrival <time dateTime="${coming}">`);
  });

  it('promises no arrival that has passed, nor one for goods in stock', () => {
    const past = renderToStaticMarkup(<StockBadge stockLevel={3} newStockDate={dayFromToday(-1)} showQuantity />);
    expect(past).toContain('Low stock');
    expect(past).not.toContain('Arrival');
    const inStock = renderToStaticMarkup(<StockBadge stockLevel={40} newStockDate={dayFromToday(10)} />);
    expect(inStock).not.toContain('Arrival');
  });
});
