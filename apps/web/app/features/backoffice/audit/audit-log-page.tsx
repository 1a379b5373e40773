import type { AuditEntry, GetAuditEntriesBySearchResponse } from '@b2b/contract/audit';
import { IMPERSONATION_SESSION_OBJECT_TYPE } from '@b2b/contract/constants';
import { Fragment, useState } from 'react';
import { Form, Link } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { cn } from '~/lib/cn.ts';
import { formatCount, formatDateTime } from '~/lib/format.ts';
import { type AuditFilters, auditSearch } from './audit-params.ts';
import { diffJson, formatJsonValue, type JsonChange } from './json-diff.ts';

const CELL = 'px-3 py-2 align-top';
const FILTER_FIELD = 'field-sm w-full';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The changes an entry holds. A creation or deletion (one side null) is compared with an empty object, so its fields
 * are listed one by one rather than as one block of JSON; a session's details read the same way.
 */
function changesOf(entry: AuditEntry): JsonChange[] {
  const before = entry.before ?? (isRecord(entry.after) ? {} : null);
  const after = entry.after ?? (isRecord(entry.before) ? {} : null);
  return diffJson(before, after);
}

const KIND_TEXTS: Record<JsonChange['kind'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

function ChangeList({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  if (changes.length === 0) return <p className="text-sm text-neutral-700">No values were recorded.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Fields changed</caption>
      <thead className="text-xs text-neutral-600">
        <tr>
          <th scope="col" className="px-2 py-1 font-semibold">
            Field
          </th>
          <th scope="col" className="px-2 py-1 font-semibold">
            Change
          </th>
          <th scope="col" className="px-2 py-1 font-semibold">
            Before
          </th>
          <th scope="col" className="px-2 py-1 font-semibold">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={`${change.kind} ${change.path.join('\u0000')}`} data-testid="audit-change" className="align-top">
            <th scope="row" className="px-2 py-1 font-mono text-xs font-normal break-all">
              {change.path.length > 0 ? change.path.join(' › ') : '(whole value)'}
            </th>
            <td className="px-2 py-1">{KIND_TEXTS[change.kind]}</td>
            <td className="px-2 py-1">
              {change.kind === 'added' ? (
                <span className="text-neutral-600">–</span>
              ) : (
                <del className="rounded bg-red-50 px-1 font-mono text-xs break-all text-red-900">
                  {formatJsonValue(change.before)}
                </del>
              )}
            </td>
            <td className="px-2 py-1">
              {change.kind === 'removed' ? (
                <span className="text-neutral-600">–</span>
              ) : (
                <ins className="rounded bg-emerald-50 px-1 font-mono text-xs break-all text-emerald-900 no-underline">
                  {formatJsonValue(change.after)}
                </ins>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The actions of a session's entry (`after.actions`), read defensively: the log's values are plain JSON. */
function sessionActionsOf(entry: AuditEntry): Array<{ at: string; summary: string }> {
  const actions = isRecord(entry.after) ? entry.after.actions : null;
  if (!Array.isArray(actions)) return [];
  return actions.flatMap((action) =>
    isRecord(action) && typeof action.at === 'string' && typeof action.summary === 'string'
      ? [{ at: action.at, summary: action.summary }]
      : [],
  );
}

/** An impersonation session: what the rep did for the customer, oldest first (the summary names rep and customer). */
function SessionDetails({ entry }: { entry: AuditEntry }) {
  const actions = sessionActionsOf(entry);
  const endedAt = isRecord(entry.after) && typeof entry.after.endedAt === 'string' ? entry.after.endedAt : null;
  return (
    <div className="text-sm">
      <p className="text-neutral-700">
        Started {formatDateTime(entry.occurredAt)}
        {endedAt ? `, ended ${formatDateTime(endedAt)}` : ', still running'} (UTC).
      </p>
      {actions.length === 0 ? (
        <p className="mt-1">Nothing was changed for the customer.</p>
      ) : (
        <ol className="mt-1 flex flex-col gap-1">
          {actions.map((action) => (
            <li key={`${action.at} ${action.summary}`} data-testid="audit-session-action">
              <span className="text-neutral-600">{formatDateTime(action.at)}:</span> {action.summary}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function EntryRows({ entry, filters }: { entry: AuditEntry; filters: AuditFilters }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailsId = `audit-entry-${entry.entryId}`;
  const isSession = entry.objectType === IMPERSONATION_SESSION_OBJECT_TYPE;
  const what = isSession ? 'session' : 'changes';
  return (
    <>
      <tr data-testid="audit-entry" className="border-t border-neutral-200">
        <td className={cn(CELL, 'whitespace-nowrap')}>{formatDateTime(entry.occurredAt)}</td>
        <td className={CELL}>
          <Link
            to={auditSearch({ ...filters, actor: entry.actorUsername })}
            className="underline-offset-2 hover:underline"
          >
            {entry.actorUsername}
          </Link>
        </td>
        <td className={CELL}>
          <span className="block text-xs text-neutral-600">{entry.objectType}</span>
          <Link
            to={auditSearch({ type: entry.objectType, object: entry.objectId })}
            className="font-mono text-xs break-all underline-offset-2 hover:underline"
          >
            {entry.objectId}
          </Link>
        </td>
        <td className={CELL}>{entry.action}</td>
        <td className={cn(CELL, 'min-w-64 break-words')}>{entry.summary}</td>
        <td className={cn(CELL, 'text-right')}>
          <Button
            type="button"
            aria-expanded={isOpen}
            aria-controls={detailsId}
            onClick={() => setIsOpen((open) => !open)}
            severity="secondary"
            className="px-2 py-1 text-xs whitespace-nowrap"
          >
            {isOpen ? `Hide ${what}` : `Show ${what}`}
            <span className="sr-only"> of {entry.summary}</span>
          </Button>
        </td>
      </tr>
      <tr id={detailsId} hidden={!isOpen} className="bg-neutral-50">
        <td colSpan={6} className="px-3 pb-3">
          {isOpen ? isSession ? <SessionDetails entry={entry} /> : <ChangeList entry={entry} /> : null}
        </td>
      </tr>
    </>
  );
}

/**
 * /backoffice/audit (issue 28): who changed what and when, newest first, with the sales reps' impersonation sessions
 * among the entries; filters in the URL (a GET form), a row opens to its fields before and after.
 */
export function AuditLogPage({
  filters,
  page,
  log,
  refused,
}: {
  filters: AuditFilters;
  page: number;
  log: GetAuditEntriesBySearchResponse | null;
  refused: { field: string; message: string } | null;
}) {
  const pageCount = log ? Math.max(1, Math.ceil(log.totalCount / log.pageSize)) : 1;
  const objectTypes = log?.objectTypes ?? [];
  const hasFilters = Object.values(filters).some(Boolean);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <p className="mt-1 max-w-prose text-sm text-neutral-700">
          Every change made in the back office, with the values before and after, and every session in which a sales rep
          acted for a customer. Times are UTC.
        </p>
      </div>
      <Form method="get" className="rounded-lg border border-neutral-200 bg-white p-4">
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">Filter the log</legend>
          <label className="flex flex-col gap-1">
            <span className="label-sm">Who (username)</span>
            <input name="actor" defaultValue={filters.actor} className={FILTER_FIELD} autoComplete="off" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="label-sm">Object type</span>
            <select name="type" defaultValue={filters.type} className={FILTER_FIELD}>
              <option value="">All types</option>
              {objectTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="label-sm">Object id</span>
            <input name="object" defaultValue={filters.object} className={FILTER_FIELD} autoComplete="off" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="label-sm">Action</span>
            <input name="action" defaultValue={filters.action} className={FILTER_FIELD} autoComplete="off" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="label-sm">From (day, UTC)</span>
            <input type="date" name="from" defaultValue={filters.from} className={FILTER_FIELD} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="label-sm">To (day, UTC, included)</span>
            <input type="date" name="to" defaultValue={filters.to} className={FILTER_FIELD} />
          </label>
          <label className="flex flex-col gap-1 sm:col-span-2">
            <span className="label-sm">Text in the summary</span>
            <input type="search" name="q" defaultValue={filters.q} className={FILTER_FIELD} autoComplete="off" />
          </label>
        </fieldset>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" severity="primary" className="px-3 py-1.5">
            Filter
          </Button>
          {hasFilters ? (
            <Link to="." className={buttonClassName('secondary', 'px-3 py-1.5')}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      {refused ? (
        <Alert title="The log cannot be filtered so">
          <p>
            {refused.field} {refused.message}.
          </p>
        </Alert>
      ) : null}
      {log ? (
        <section aria-labelledby="audit-results" className="flex flex-col gap-2">
          <h2 id="audit-results" className="text-sm text-neutral-700" aria-live="polite">
            {log.totalCount === 1 ? '1 entry' : `${formatCount(log.totalCount)} entries`}
            {pageCount > 1 ? `, page ${page} of ${formatCount(pageCount)}` : ''}
          </h2>
          {log.entries.length === 0 ? (
            <p className="rounded-lg border border-neutral-200 bg-white p-6 text-sm">Nothing matches these filters.</p>
          ) : (
            <div className="relative overflow-x-auto rounded-lg border border-neutral-200 bg-white">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">Audit log, newest first</caption>
                <thead className="bg-neutral-50 text-neutral-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      When
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Who
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Object
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Action
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Summary
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      <span className="sr-only">Changes</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {log.entries.map((entry) => (
                    <Fragment key={entry.entryId}>
                      <EntryRows entry={entry} filters={filters} />
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            currentPage={page}
            pageCount={pageCount}
            hrefForPage={(target) => auditSearch(filters, target)}
            label="Audit log pages"
          />
        </section>
      ) : null}
    </div>
  );
}
