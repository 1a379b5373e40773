import { Link, useLocation } from 'react-router';

/** Shown instead of a price to anonymous visitors (spec §1); brings them back here after logging in. */
export function LoginForPricesLink() {
  const location = useLocation();
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
