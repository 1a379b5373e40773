import { data, Link } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { ConfirmAction } from '~/features/backoffice/confirm-action.tsx';
import {
  CONTENT_SECTION_PATH,
  documentHistoryPath,
  documentPath,
} from '~/features/backoffice/content/content-paths.ts';
import { loadHistory, restoreVersion } from '~/features/backoffice/content/documents.server.ts';
import { countChanges, diffVersions } from '~/features/backoffice/content/version-diff.ts';
import { isApiError } from '~/lib/api.server.ts';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.content.$id.history';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const compareParam = new URL(request.url).searchParams.get('compare');
  const compare = compareParam === null ? null : Number.parseInt(compareParam, 10);
  try {
    const { history, comparison } = await loadHistory(context, params.id, Number.isFinite(compare) ? compare : null);
    // the comparison's lines are made here: the page's code stays without the diff library
    const lines =
      comparison === null
        ? null
        : diffVersions(comparison.earlier, comparison.current ?? { title: '', url: null, body: null });
    return { history, compared: comparison?.earlier.version ?? null, lines };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireBackoffice(context, request);
  return restoreVersion(context, params.id, await request.formData());
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  backofficeMeta(`History of ${loaderData?.history.key ?? 'a document'} · Content`);

const LINE_STYLES = {
  added: 'bg-emerald-50 text-emerald-900',
  removed: 'bg-red-50 text-red-900',
  same: 'text-neutral-700',
} as const;
const LINE_MARKS = { added: '+', removed: '−', same: ' ' } as const;

/**
 * A document's versions, newest first, with who saved each and when (issue 28); a version compared line by line
 * with the current one, and restored (as a new version) after a confirmation.
 */
export default function BackofficeDocumentHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { history, compared, lines } = loaderData;
  const current = history.versions.find((version) => version.isCurrent) ?? null;
  const changes = lines === null ? null : countChanges(lines);
  return (
    <>
      <p className="text-sm">
        <Link to={`${CONTENT_SECTION_PATH}?kind=${history.kind}`} className="text-accent-700 underline">
          Content
        </Link>
        <span aria-hidden="true"> / </span>
        {history.isDeleted ? (
          history.key
        ) : (
          <Link to={documentPath(history.id)} className="text-accent-700 underline">
            {history.key}
          </Link>
        )}
      </p>
      <h1 className="mt-1 text-2xl font-semibold">
        History of the {history.kind} “{history.key}”
      </h1>
      <p className="mt-1 text-sm text-neutral-700">
        {history.areaId.toUpperCase()} {history.languageCode} ·{' '}
        {history.isDeleted
          ? 'deleted; its versions are kept here.'
          : `${history.versions.length} ${history.versions.length === 1 ? 'version' : 'versions'}.`}
      </p>
      {actionData?.failure ? (
        <div className="mt-4">
          <Alert title="Not restored">{actionData.failure.message}</Alert>
        </div>
      ) : null}

      <div className="relative mt-4 overflow-x-auto rounded-lg border border-neutral-200 bg-white">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Versions, newest first</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Version
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Saved
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                By
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Title
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {history.versions.map((version) => (
              <tr
                key={version.version}
                className={`border-b border-neutral-100 last:border-b-0 ${version.version === compared ? 'bg-amber-50' : ''}`}
              >
                <td className="px-3 py-2 tabular-nums">
                  {version.version}
                  {version.isCurrent ? <span className="ml-2 text-xs font-semibold">current</span> : null}
                </td>
                <td className="px-3 py-2">{formatDateTime(version.savedAt)}</td>
                <td className="px-3 py-2">{version.savedBy ?? 'seed'}</td>
                <td className="px-3 py-2">{version.title}</td>
                <td className="px-3 py-2">
                  {version.isCurrent ? null : (
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={documentHistoryPath(history.id, version.version)}
                        className="text-accent-700 underline"
                        aria-label={`Compare version ${version.version} with the current one`}
                        preventScrollReset
                      >
                        Compare
                      </Link>
                      {current === null ? null : (
                        <ConfirmAction
                          label="Restore"
                          severity="secondary"
                          buttonClassName="px-3 py-1.5 text-sm"
                          title={`Restore version ${version.version} of “${history.key}”?`}
                          confirmLabel={`Restore version ${version.version}`}
                          fields={{ version: String(version.version), currentVersion: String(current.version) }}
                        >
                          Its title, URL and content are saved as version {current.version + 1}; version{' '}
                          {current.version} stays in this history. The storefront shows it within 5 seconds.
                        </ConfirmAction>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {lines !== null && changes !== null ? (
        <section aria-labelledby="comparison-heading" className="mt-6">
          <h2 id="comparison-heading" className="text-lg font-semibold">
            Version {compared} compared with {current ? `the current version ${current.version}` : 'nothing (deleted)'}
          </h2>
          <p className="text-sm text-neutral-700">
            {changes.added + changes.removed === 0
              ? 'No difference.'
              : `${changes.removed} ${changes.removed === 1 ? 'line' : 'lines'} only in version ${compared} (−), ${changes.added} only in the current version (+).`}
          </p>
          {/* focusable, so a keyboard can scroll its long lines sideways; ins and del say which side a line is */}
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className="relative mt-2 overflow-x-auto rounded-lg border border-neutral-200 bg-white py-2 text-xs leading-5"
          >
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one comparison never move
              <div key={index} className={`px-3 ${LINE_STYLES[line.kind]}`}>
                {line.kind === 'same' ? (
                  `  ${line.text}`
                ) : line.kind === 'added' ? (
                  <ins className="no-underline">{`${LINE_MARKS.added} ${line.text}`}</ins>
                ) : (
                  <del className="no-underline">{`${LINE_MARKS.removed} ${line.text}`}</del>
                )}
              </div>
            ))}
          </pre>
        </section>
      ) : null}
    </>
  );
}
