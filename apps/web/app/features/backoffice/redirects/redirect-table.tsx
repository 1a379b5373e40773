import type { Redirect } from '@b2b/contract/redirects';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button.tsx';
import { formatDateTime } from '~/lib/format.ts';
import { ConfirmAction } from '../confirm-action.tsx';
import type { ListSort } from '../list-sort.ts';
import { SortableHeader } from '../sortable-header.tsx';
import type { RedirectsActionResult } from './redirects.server.ts';

const CELL = 'px-3 py-2 align-top';
const FIELD =
  'w-full min-w-40 rounded-md border border-neutral-300 bg-white px-2 py-1 text-sm aria-invalid:border-red-500';

/**
 * The redirects of one page (issue 28): sortable headers, and per row Edit (in place: the row's cells become fields,
 * Save or Enter saves, Cancel or Escape puts the row back) and Delete (a dialog naming the path).
 */
export function RedirectTable({ redirects, sort }: { redirects: readonly Redirect[]; sort: ListSort }) {
  // `relative`: the screen-reader-only texts inside are positioned; they scroll with the table, not widen the page.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-neutral-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Redirects</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
          <tr>
            <SortableHeader field="fromPath" label="From path" sort={sort} />
            <SortableHeader field="toUrl" label="Target" sort={sort} />
            <SortableHeader field="status" label="Status" sort={sort} />
            <SortableHeader field="updatedAt" label="Changed" sort={sort} />
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {redirects.map((redirect) => (
            <RedirectRow key={redirect.id} redirect={redirect} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RedirectRow({ redirect }: { redirect: Redirect }) {
  const fetcher = useFetcher<RedirectsActionResult>();
  const [isEditing, setEditing] = useState(false);
  const formId = useId();
  const errorId = useId();
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const result = fetcher.data;
  const error = result && !result.ok && result.intent === 'save' ? result : null;

  // A save that went through closes the row; the loader has the saved values by then.
  useEffect(() => {
    if (fetcher.state === 'idle' && result?.intent === 'save' && result.ok) setEditing(false);
  }, [fetcher.state, result]);

  // Focus follows the row: into its first field when it opens, back to its Edit button when it closes.
  useEffect(() => {
    if (isEditing) firstFieldRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  };

  if (!isEditing) {
    return (
      <tr>
        <td className={`${CELL} break-all font-mono text-xs sm:text-sm`}>{redirect.fromPath}</td>
        <td className={`${CELL} break-all`}>{redirect.toUrl}</td>
        <td className={CELL}>{redirect.status === 301 ? '301 permanent' : '302 temporary'}</td>
        <td className={`${CELL} whitespace-nowrap text-neutral-700`}>{formatDateTime(redirect.updatedAt)}</td>
        <td className={`${CELL} whitespace-nowrap`}>
          <div className="flex gap-2">
            <Button
              ref={editButtonRef}
              type="button"
              severity="secondary"
              className="px-3 py-1"
              aria-label={`Edit ${redirect.fromPath}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <ConfirmAction
              label="Delete"
              title={`Delete the redirect ${redirect.fromPath}?`}
              confirmLabel="Delete redirect"
              fields={{ intent: 'delete', id: redirect.id }}
              buttonClassName="px-3 py-1"
            >
              Visitors of {redirect.fromPath} will see the page-not-found page instead of {redirect.toUrl}.
            </ConfirmAction>
          </div>
        </td>
      </tr>
    );
  }

  const isSaving = fetcher.state !== 'idle';
  return (
    <tr className="bg-amber-50" onKeyDown={cancelOnEscape}>
      <td className={CELL}>
        <input
          ref={firstFieldRef}
          form={formId}
          name="fromPath"
          defaultValue={redirect.fromPath}
          aria-label="From path"
          aria-invalid={error?.field === 'fromPath' ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          required
          className={FIELD}
        />
      </td>
      <td className={CELL}>
        <input
          form={formId}
          name="toUrl"
          defaultValue={redirect.toUrl}
          aria-label="Target"
          aria-invalid={error?.field === 'toUrl' ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          required
          className={FIELD}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {error.message}
          </p>
        ) : null}
      </td>
      <td className={CELL}>
        <select
          form={formId}
          name="status"
          defaultValue={String(redirect.status)}
          aria-label="Status"
          className={FIELD}
        >
          <option value="301">301 permanent</option>
          <option value="302">302 temporary</option>
        </select>
      </td>
      <td className={`${CELL} whitespace-nowrap text-neutral-700`}>{formatDateTime(redirect.updatedAt)}</td>
      <td className={`${CELL} whitespace-nowrap`}>
        <fetcher.Form method="post" id={formId} className="flex gap-2">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="id" value={redirect.id} />
          <input type="hidden" name="expectedUpdatedAt" value={redirect.updatedAt} />
          <Button type="submit" className="px-3 py-1" disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Save'}
          </Button>
          <Button severity="secondary" className="px-3 py-1" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </fetcher.Form>
      </td>
    </tr>
  );
}
