import { Form, Link, NavLink, Outlet } from 'react-router';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { BACKOFFICE_PATH, BACKOFFICE_SECTIONS, backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { MAIN_CONTENT_ID } from '~/layout/header.tsx';
import { cn } from '~/lib/cn.ts';
import { useSession } from '~/lib/use-session.ts';
import type { Route } from './+types/backoffice';

/**
 * The back office's workspace (issue 28): its own layout (root.tsx leaves out the storefront's header and footer for
 * routes with this handle) and its own code chunks (each section is a route module, loaded only here). Staff only:
 * anyone else gets the 404 page. Never indexed.
 */
export const handle = { workspace: 'backoffice' };

export function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  return null;
}

export function headers() {
  return { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = () => backofficeMeta();

const NAV_LINK =
  'block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900';
const NAV_LINK_ACTIVE = 'bg-neutral-900 text-white hover:bg-neutral-800 hover:text-white';

export default function BackofficeLayout() {
  const { user } = useSession();
  return (
    <div className="min-h-screen bg-neutral-100">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 bg-neutral-900 px-4 py-3 text-white">
        <Link to={BACKOFFICE_PATH} className="text-base font-semibold">
          Back office
        </Link>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-neutral-300">{user?.name ?? user?.username}</span>
          <Link to="/" className="rounded-md px-2 py-1 font-medium underline-offset-2 hover:underline">
            Storefront
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className="rounded-md px-2 py-1 font-medium underline-offset-2 hover:underline">
              Log out
            </button>
          </Form>
        </div>
      </header>
      <div className="lg:flex">
        <nav
          aria-label="Back office"
          className="border-b border-neutral-200 bg-white lg:min-h-[calc(100vh-52px)] lg:w-52 lg:shrink-0 lg:border-r lg:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto p-2 lg:flex-col">
            <li>
              <NavLink to={BACKOFFICE_PATH} end className={({ isActive }) => cn(NAV_LINK, isActive && NAV_LINK_ACTIVE)}>
                Overview
              </NavLink>
            </li>
            {BACKOFFICE_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} className={({ isActive }) => cn(NAV_LINK, isActive && NAV_LINK_ACTIVE)}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
