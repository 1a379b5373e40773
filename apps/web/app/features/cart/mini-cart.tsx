import type { Cart, CartLine } from '@b2b/contract/cart';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { buttonClassName } from '~/components/ui/button.tsx';
import { formatMoney } from '~/lib/format.ts';
import { usePrice } from '~/lib/prices/use-price.ts';
import { useSession } from '~/lib/use-session.ts';
import { countCartItems, groupCartLines } from './cart-lines.ts';
import { itemCountUnit, shouldCloseMiniCart } from './mini-cart-rules.ts';

/** A line's unit price through the client price store (spec §4 Price): pending → shown, failed → left out. */
function LineUnitPrice({ line, currencyCode }: { line: CartLine; currencyCode: string }) {
  const entry = usePrice({ ...line.productKey, currencyCode });
  if (entry?.status !== 'success' || !entry.price) return null;
  return (
    <span className="text-xs text-neutral-600" data-testid="mini-cart-price">
      {formatMoney(entry.price.netPrice, entry.price.currencyCode)} each
    </span>
  );
}

function MiniCartPanel({ cart, id, onClose }: { cart: Cart | undefined; id: string; onClose: () => void }) {
  const { groups } = cart ? groupCartLines(cart.lines) : { groups: [] };
  return (
    <section
      id={id}
      aria-label="Mini-cart"
      data-testid="mini-cart"
      className="absolute right-0 z-40 mt-2 w-80 rounded-lg border border-neutral-200 bg-white p-4 shadow-lg"
    >
      {!cart ? (
        <p role="status">Loading the cart…</p>
      ) : groups.length === 0 ? (
        <p>Your cart is empty.</p>
      ) : (
        <ul className="flex max-h-80 flex-col divide-y divide-neutral-100 overflow-y-auto">
          {groups.map(({ line }) => (
            <li key={line.id} className="flex flex-col py-2 text-sm" data-testid="mini-cart-line">
              <span className="font-medium">{line.name}</span>
              <span className="text-neutral-700">
                Quantity {line.quantity} · Item no. {line.productKey.variantId ?? line.productKey.productId}
              </span>
              <LineUnitPrice line={line} currencyCode={cart.currencyCode} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex gap-2">
        <Link to="/cart" className={buttonClassName('secondary', 'flex-1')} onClick={onClose}>
          View cart
        </Link>
        {groups.length > 0 ? (
          <Link to="/checkout" className={buttonClassName('primary', 'flex-1')} onClick={onClose}>
            Checkout
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The header's cart button and its popover (logged-in users only). The cart is loaded from /resources/cart once the
 * page runs and revalidated after every form submission (add to cart, quantity changes).
 */
export function MiniCart() {
  const session = useSession();
  const fetcher = useFetcher<{ cart: Cart | null }>({ key: 'mini-cart' });
  const [isOpen, setIsOpen] = useState(false);
  const location = useLocation();
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { load } = fetcher;
  const hasRequestedRef = useRef(false);

  // Once per page load; afterwards React Router revalidates the fetcher after every form submission.
  useEffect(() => {
    if (!session.actsForCustomer) {
      hasRequestedRef.current = false;
      return;
    }
    if (hasRequestedRef.current) return;
    hasRequestedRef.current = true;
    void load('/resources/cart');
  }, [session.actsForCustomer, load]);

  useEffect(() => {
    if (shouldCloseMiniCart(location.pathname)) setIsOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  if (!session.actsForCustomer) return null;
  const cart = fetcher.data?.cart ?? undefined;
  const itemCount = cart ? countCartItems(cart) : null;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the popover closes it
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          setIsOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
      >
        {/* The name is the visible text plus a word for screen readers ("Cart 3 items", WCAG 2.5.3). */}
        <span>Cart</span>
        {itemCount !== null ? (
          <>
            <span
              data-testid="mini-cart-count"
              className="grid min-w-6 place-items-center rounded-full bg-accent-600 px-1.5 text-xs text-white"
            >
              {itemCount}
            </span>
            <span className="sr-only">{itemCountUnit(itemCount)}</span>
          </>
        ) : null}
      </button>
      {isOpen ? <MiniCartPanel cart={cart} id={panelId} onClose={() => setIsOpen(false)} /> : null}
    </div>
  );
}
