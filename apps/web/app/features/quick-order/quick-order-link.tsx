import { Link } from 'react-router';
import { useSession } from '~/lib/use-session.ts';

/** The quick order panel's id on the cart page: the header's link lands there (/cart#quick-order). */
export const QUICK_ORDER_ANCHOR = 'quick-order';

/** The header's way to the quick order (customers only): a link to the panel on the cart page. */
export function QuickOrderLink() {
  const session = useSession();
  if (!session.actsForCustomer) return null;
  return (
    <Link
      to={`/cart#${QUICK_ORDER_ANCHOR}`}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M4 5h12M4 10h12M4 15h7m3 0h3m-1.5-1.5v3" />
      </svg>
      <span className="sr-only sm:not-sr-only">Quick order</span>
    </Link>
  );
}
