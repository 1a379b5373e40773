import { AREA_IDS } from '@b2b/contract/constants';
import { Form, Link } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import {
  CONTENT_SECTION_PATH,
  DOCUMENT_KIND_TABS,
  DOCUMENTS_PAGE_SIZE,
  documentListSearch,
  documentPath,
} from '~/features/backoffice/content/content-paths.ts';
import { readDocumentFilters, searchDocuments } from '~/features/backoffice/content/documents.server.ts';
import { SortableHeader } from '~/features/backoffice/sortable-header.tsx';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.content';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const url = new URL(request.url);
  const filters = readDocumentFilters(url);
  const found = await searchDocuments(context, filters);
  return { filters, found, deletedKey: url.searchParams.get('deleted') };
}

export const meta: Route.MetaFunction = () => backofficeMeta('Content');

const TAB = 'rounded-md px-3 py-1.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100';
const TAB_CURRENT = 'rounded-md bg-neutral-900 px-3 py-1.5 text-sm font-medium text-white';

/** The content documents (issue 28): by kind (tabs), area and text, sortable, a page of 25 at a time. */
export default function BackofficeContent({ loaderData }: Route.ComponentProps) {
  const { filters, found, deletedKey } = loaderData;
  const pageCount = Math.max(1, Math.ceil(found.total / DOCUMENTS_PAGE_SIZE));
  return (
    <>
      <h1 className="text-2xl font-semibold">Content</h1>
      <p className="mt-1 text-sm text-neutral-700">
        Pages, reusable elements, forms and modals of each sales area. Open one to edit it, preview it and see its
        history.
      </p>
      {deletedKey ? (
        <div className="mt-4">
          <Alert tone="success">Deleted “{deletedKey}”. Its last version is kept in its history.</Alert>
        </div>
      ) : null}
      <nav aria-label="Document kinds" className="mt-5">
        <ul className="flex flex-wrap gap-1">
          {DOCUMENT_KIND_TABS.map((tab) => {
            const isCurrent = tab.kind === filters.kind;
            return (
              <li key={tab.label}>
                <Link
                  to={`${CONTENT_SECTION_PATH}${documentListSearch({ ...filters, kind: tab.kind, page: 1 })}`}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={isCurrent ? TAB_CURRENT : TAB}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Documents">
        {filters.kind ? <input type="hidden" name="kind" value={filters.kind} /> : null}
        <div>
          <label htmlFor="documents-text" className="label-sm block">
            Key, title or URL contains
          </label>
          <input
            id="documents-text"
            name="q"
            type="search"
            defaultValue={filters.text}
            className="field-sm w-64 max-w-full"
          />
        </div>
        <div>
          <label htmlFor="documents-area" className="label-sm block">
            Sales area
          </label>
          <select id="documents-area" name="area" defaultValue={filters.areaId ?? ''} className="field-sm">
            <option value="">All areas</option>
            {AREA_IDS.map((area) => (
              <option key={area} value={area}>
                {area.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" severity="secondary" className="px-3 py-1.5 text-sm">
          Search
        </Button>
      </Form>
      <p className="mt-4 text-sm text-neutral-700" aria-live="polite">
        {found.total === 1 ? '1 document' : `${found.total} documents`}
      </p>
      <div className="relative mt-2 overflow-x-auto rounded-lg border border-neutral-200 bg-white">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">Content documents, sortable by column</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50">
            <tr>
              <SortableHeader field="key" label="Key" sort={filters.sort} />
              <SortableHeader field="kind" label="Kind" sort={filters.sort} />
              <SortableHeader field="title" label="Title" sort={filters.sort} />
              <SortableHeader field="url" label="URL" sort={filters.sort} />
              <th scope="col" className="px-3 py-2 font-semibold">
                Area
              </th>
              <SortableHeader field="version" label="Version" sort={filters.sort} />
              <SortableHeader field="updatedAt" label="Last saved" sort={filters.sort} />
            </tr>
          </thead>
          <tbody>
            {found.documents.map((document) => (
              <tr key={document.id} className="border-b border-neutral-100 last:border-b-0">
                <td className="px-3 py-2 whitespace-nowrap">
                  <Link to={documentPath(document.id)} className="font-medium text-accent-700 underline">
                    {document.key}
                  </Link>
                </td>
                <td className="px-3 py-2">{document.kind}</td>
                <td className="px-3 py-2">{document.title}</td>
                <td className="px-3 py-2 font-mono text-xs">{document.url ?? '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {document.areaId.toUpperCase()} {document.languageCode}
                </td>
                <td className="px-3 py-2 tabular-nums">{document.version}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {formatDateTime(document.updatedAt)}
                  <span className="block text-xs text-neutral-600">{document.updatedBy ?? 'seed'}</span>
                </td>
              </tr>
            ))}
            {found.documents.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-neutral-700">
                  No document matches these filters.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pagination
        currentPage={filters.page}
        pageCount={pageCount}
        label="Document pages"
        hrefForPage={(page) => `${CONTENT_SECTION_PATH}${documentListSearch({ ...filters, page })}`}
      />
    </>
  );
}
