import { Link } from 'react-router';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { BACKOFFICE_SECTIONS, backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import type { Route } from './+types/backoffice._index';

export function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  return null;
}

export const meta: Route.MetaFunction = () => backofficeMeta();

/** The workspace's start: its sections with what each is for. */
export default function BackofficeOverview() {
  return (
    <>
      <h1 className="text-2xl font-semibold">Back office</h1>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {BACKOFFICE_SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="block h-full rounded-lg border border-neutral-200 bg-white p-4 hover:border-neutral-400"
            >
              <span className="block font-semibold text-neutral-900">{section.label}</span>
              <span className="mt-1 block text-sm text-neutral-700">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
