import { AREA_IDS, DELETE_ALL_REDIRECTS_CONFIRMATION } from '@b2b/contract/constants';
import { Form, Link, useActionData, useLocation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { ConfirmAction } from '~/features/backoffice/confirm-action.tsx';
import { AddRedirectForm } from '~/features/backoffice/redirects/add-redirect-form.tsx';
import { CsvImport } from '~/features/backoffice/redirects/csv-import.tsx';
import { RedirectTable } from '~/features/backoffice/redirects/redirect-table.tsx';
import {
  handleRedirectsAction,
  loadRedirects,
  readRedirectsView,
} from '~/features/backoffice/redirects/redirects.server.ts';
import { cn } from '~/lib/cn.ts';
import { formatCount } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.redirects';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const view = readRedirectsView(context, new URL(request.url));
  return { view, result: await loadRedirects(context, view) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const view = readRedirectsView(context, new URL(request.url));
  return handleRedirectsAction(context, view.area, await request.formData());
}

export const meta: Route.MetaFunction = () => backofficeMeta('Redirects');

/** /backoffice/redirects (issue 28): old URLs of an area and where they lead; search, edit in place, CSV in and out. */
export default function BackofficeRedirects({ loaderData }: Route.ComponentProps) {
  const { view, result } = loaderData;
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return `?${params.toString()}`;
  };
  const message =
    actionData && (actionData.intent === 'delete' || actionData.intent === 'delete-all') ? actionData : null;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Redirects</h1>
        <nav aria-label="Area" className="flex gap-1 rounded-lg border border-neutral-200 bg-white p-1">
          {AREA_IDS.map((area) => (
            <Link
              key={area}
              to={`?area=${area}`}
              aria-current={area === view.area ? 'page' : undefined}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                area === view.area ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100',
              )}
            >
              {area.toUpperCase()}
            </Link>
          ))}
        </nav>
      </div>
      <p className="mt-1 text-sm text-neutral-700">
        When a visitor opens a redirected path (one with no page, or a content page, category or product still there),
        the storefront sends them to its redirect’s target. Changes apply within seconds.
      </p>

      <div className="mt-6 grid items-start gap-4 xl:grid-cols-2">
        <AddRedirectForm />
        <CsvImport area={view.area} />
      </div>

      <section aria-labelledby="redirect-list-heading" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="redirect-list-heading" className="text-lg font-semibold">
            {formatCount(result.totalCount)} {result.totalCount === 1 ? 'redirect' : 'redirects'} in{' '}
            {view.area.toUpperCase()}
          </h2>
          <div className="flex flex-wrap gap-2">
            <a href={`/backoffice/redirects/csv?area=${view.area}`} download className={buttonClassName('secondary')}>
              Export CSV
            </a>
            <a href="/backoffice/redirects/csv?template" download className={buttonClassName('secondary')}>
              CSV template
            </a>
            <ConfirmAction
              label="Delete all…"
              title={`Delete all ${formatCount(result.totalCount)} redirects of ${view.area.toUpperCase()}?`}
              confirmLabel="Delete all"
              fields={{ intent: 'delete-all' }}
              typedConfirmation={{ name: 'confirm', phrase: DELETE_ALL_REDIRECTS_CONFIRMATION }}
            >
              Every old URL of this area will show the page-not-found page. Export the CSV first to keep a copy.
            </ConfirmAction>
          </div>
        </div>

        <Form method="get" role="search" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="area" value={view.area} />
          <div className="flex flex-col gap-1">
            <label htmlFor="redirect-search" className="text-sm font-medium text-neutral-800">
              Path or target contains
            </label>
            <input
              id="redirect-search"
              type="search"
              name="q"
              defaultValue={view.text}
              className="w-72 max-w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="redirect-status-filter" className="text-sm font-medium text-neutral-800">
              Status
            </label>
            <select
              id="redirect-status-filter"
              name="status"
              defaultValue={view.status === null ? '' : String(view.status)}
              className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">Any</option>
              <option value="301">301 permanent</option>
              <option value="302">302 temporary</option>
            </select>
          </div>
          <Button type="submit" severity="secondary">
            Search
          </Button>
        </Form>

        <div aria-live="polite" className="mt-3 empty:hidden">
          {message ? <Alert tone={message.ok ? 'success' : 'error'}>{message.message}</Alert> : null}
        </div>

        <div className="mt-3">
          {result.items.length === 0 ? (
            <p className="rounded-lg border border-neutral-200 bg-white p-4 text-sm text-neutral-700">
              {view.text || view.status ? 'No redirect matches this search.' : 'This area has no redirects yet.'}
            </p>
          ) : (
            <RedirectTable redirects={result.items} sort={view.sort} />
          )}
        </div>
        <Pagination
          currentPage={result.page}
          pageCount={result.pageCount}
          hrefForPage={(page) => hrefWith({ page: String(page) })}
          label="Redirect pages"
        />
      </section>
    </>
  );
}
