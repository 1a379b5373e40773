/**
 * The audit log's filters as the URL holds them (issue 28: filters live in the URL, so a view can be linked and
 * reloaded): `actor`, `type`, `object`, `action`, `from` and `to` (days, yyyy-mm-dd, both included), `q` (text in
 * the summary) and `page`. A value that cannot be a filter is left out, never an error page. Browser-safe.
 */
import { readPageNumber } from '~/lib/page-number.ts';

export const AUDIT_PAGE_SIZE = 50;
/** The API's last page (Audit/GetBySearch merges the log with the sessions from the newest on). */
const MAX_AUDIT_PAGE = 500;

export type AuditFilters = {
  actor: string;
  type: string;
  object: string;
  action: string;
  from: string;
  to: string;
  q: string;
};

export const AUDIT_FILTER_NAMES = ['actor', 'type', 'object', 'action', 'from', 'to', 'q'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

export function readAuditParams(params: URLSearchParams): { filters: AuditFilters; page: number } {
  const text = (name: string, max: number) => (params.get(name) ?? '').trim().slice(0, max);
  const day = (name: string) => {
    const value = text(name, 10);
    return isDay(value) ? value : '';
  };
  return {
    filters: {
      actor: text('actor', 100),
      type: text('type', 50),
      object: text('object', 300),
      action: text('action', 50),
      from: day('from'),
      to: day('to'),
      q: text('q', 200),
    },
    page: readPageNumber(params.get('page'), MAX_AUDIT_PAGE),
  };
}

/** The day after a yyyy-mm-dd day: `to` includes its whole day, the API's `to` is exclusive. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The body of Audit/GetBySearch for these filters (days in UTC, as the log shows its times). */
export function auditSearchBody(filters: AuditFilters, page: number) {
  return {
    ...(filters.actor ? { actorUsername: filters.actor } : {}),
    ...(filters.type ? { objectType: filters.type } : {}),
    ...(filters.object ? { objectId: filters.object } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: `${filters.from}T00:00:00.000Z` } : {}),
    ...(filters.to ? { to: nextDay(filters.to) } : {}),
    ...(filters.q ? { text: filters.q } : {}),
    pageSize: AUDIT_PAGE_SIZE,
    pageNr: page,
  };
}

/** The query of the log with these filters at this page (page 1 is left out). */
export function auditSearch(filters: Partial<AuditFilters>, page = 1): string {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
