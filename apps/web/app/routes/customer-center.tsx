import { NavLink, Outlet } from 'react-router';
import { requireUser } from '~/lib/auth.server.ts';
import type { Route } from './+types/customer-center';

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

const LINKS = [
  { to: '/customer-center', label: 'Account overview', end: true },
  { to: '/customer-center/orders', label: 'Orders', end: false },
  { to: '/customer-center/user/change-password', label: 'Change password', end: false },
];

/** The customer center's frame: a sub-navigation beside the page (spec §2 /customer-center/**). */
export default function CustomerCenterLayout() {
  return (
    <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Customer center" className="min-w-0 md:pt-1">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className="block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100 aria-[current=page]:bg-accent-50 aria-[current=page]:text-accent-800"
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
