import type { ReorderResponse } from '@b2b/contract/documents';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { cn } from '~/lib/cn.ts';

function lineCount(count: number): string {
  return count === 1 ? '1 line' : `${count} lines`;
}

/**
 * What Reorder did: which lines went into the cart (those without stock now marked backorder), which could not be
 * added and why, and the way to the cart. Focus moves to it when it appears, so keyboard and screen reader users
 * land on the answer to what they just did.
 */
export function ReorderResult({ result }: { result: ReorderResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const hasRefusals = result.notAdded.length > 0;
  return (
    <section
      aria-labelledby="reorder-result-heading"
      data-testid="reorder-result"
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-4 text-sm',
        hasRefusals
          ? 'border-amber-300 bg-amber-50 text-amber-950'
          : 'border-emerald-300 bg-emerald-50 text-emerald-950',
      )}
    >
      <h2 id="reorder-result-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold">
        {result.added.length > 0
          ? `${lineCount(result.added.length)} added to your cart`
          : 'Nothing could be added to your cart'}
      </h2>
      {result.added.length > 0 ? (
        <ul className="list-disc pl-5">
          {result.added.map((line) => (
            <li key={`${line.productId}-${line.variantId ?? ''}`} data-testid="reorder-added-line">
              <span data-testid="reorder-line-name">{line.name}</span> ×{' '}
              <span data-testid="reorder-line-quantity">{line.quantity}</span>
              {line.isBackorder ? (
                <span className="font-medium"> (backorder: not in stock now, ships when it arrives)</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {hasRefusals ? (
        <div>
          <p className="font-medium">{lineCount(result.notAdded.length)} could not be added:</p>
          <ul className="list-disc pl-5" data-testid="reorder-not-added">
            {result.notAdded.map((line) => (
              <li key={`${line.productId}-${line.variantId ?? ''}`}>
                <span className="font-medium">
                  {line.name} × {line.quantity}
                </span>
                : {line.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.added.length > 0 ? (
        <Link to="/cart" className={buttonClassName('primary', 'self-start')}>
          Go to cart
        </Link>
      ) : null}
    </section>
  );
}
