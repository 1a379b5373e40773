import { Link, useLocation } from 'react-router';
import { useSession } from '~/lib/use-session.ts';

/**
 * Shown instead of a price to anonymous visitors (spec §1); brings them back here after logging in. Staff logged in
 * without a customer (sales rep, back office) have no prices either, and are told so.
 */
export function LoginForPricesLink() {
  const location = useLocation();
  const session = useSession();
  if (session.isLoggedIn) {
    return <p className="text-sm text-neutral-600">Prices are shown for customer accounts</p>;
  }
  const redirectTo = encodeURIComponent(location.pathname + location.search);
  return (
    <Link
      to={`/login?redirect=${redirectTo}`}
      className="text-sm font-medium text-accent-800 underline hover:text-accent-900"
    >
      Log in to see prices
    </Link>
  );
}
