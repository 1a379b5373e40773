/**
 * The workspace's redirects section (issue 28): the table's loader and the section's actions (add, inline save,
 * delete, delete all, the CSV import's check and apply), each a call of the back office's Redirects API with the
 * staff member's token. The CSV export is a resource route (`backoffice.redirects.csv.tsx`).
 */

import { AREA_IDS, type AreaId, DEFAULT_REDIRECTS_PAGE_SIZE, type RedirectStatus } from '@b2b/contract/constants';
import { redirectsEndpoints } from '@b2b/contract/endpoints/redirects';
import type { Redirect, UpdateRedirectsByCsvResponse } from '@b2b/contract/redirects';
import type { RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { readPageNumber } from '~/lib/page-number.ts';
import { redirectMap } from '~/lib/redirect-map.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { readListSort } from '../list-sort.ts';
import { REDIRECT_SORT_FIELDS, type RedirectSortField } from './redirect-view.ts';

export type RedirectsView = {
  area: AreaId;
  text: string;
  status: RedirectStatus | null;
  page: number;
  sort: { field: RedirectSortField; direction: 'asc' | 'desc' };
};

/** The view the URL asks for (`?area=us&q=decks&status=302&page=2&sort=toUrl&dir=desc`). */
export function readRedirectsView(context: Readonly<RouterContextProvider>, url: URL): RedirectsView {
  const params = url.searchParams;
  const areaParam = params.get('area');
  const area = (AREA_IDS as readonly string[]).includes(areaParam ?? '')
    ? (areaParam as AreaId)
    : (getSession(context).area.areaId as AreaId);
  const statusParam = Number(params.get('status'));
  return {
    area,
    text: (params.get('q') ?? '').trim().slice(0, 200),
    status: statusParam === 301 || statusParam === 302 ? statusParam : null,
    page: readPageNumber(params.get('page')),
    sort: readListSort(params, REDIRECT_SORT_FIELDS, { field: 'fromPath', direction: 'asc' }),
  };
}

export async function loadRedirects(context: Readonly<RouterContextProvider>, view: RedirectsView) {
  const answer = await getApi(context).call(redirectsEndpoints.getBySearch, {
    body: {
      area: view.area,
      ...(view.text ? { text: view.text } : {}),
      ...(view.status ? { status: view.status } : {}),
      page: view.page,
      pageSize: DEFAULT_REDIRECTS_PAGE_SIZE,
      sort: view.sort.field,
      direction: view.sort.direction === 'desc' ? 'Descending' : 'Ascending',
    },
  });
  return { ...answer, pageCount: Math.max(1, Math.ceil(answer.totalCount / answer.pageSize)) };
}

export type RedirectsActionResult =
  | { intent: 'save' | 'create'; ok: true; message: string; redirect: Redirect }
  | { intent: 'save' | 'create'; ok: false; message: string; field: string | null; id: string | null }
  | { intent: 'delete' | 'delete-all'; ok: boolean; message: string }
  | {
      intent: 'check' | 'apply';
      ok: boolean;
      message: string;
      report: UpdateRedirectsByCsvResponse | null;
      fileName: string;
    };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function toStatus(value: string): RedirectStatus {
  return value === '302' ? 302 : 301;
}

/** The API's refusal in the editor's words: its message, and the field it names. */
function refusal(error: unknown): { message: string; field: string | null } {
  if (!isApiError(error) || error.status >= 500) throw error;
  const fieldError = error.body?.errors?.[0];
  return {
    message: fieldError?.message && error.status === 400 ? fieldError.message : error.message,
    field: fieldError?.field ?? null,
  };
}

export async function handleRedirectsAction(
  context: Readonly<RouterContextProvider>,
  area: AreaId,
  form: FormData,
): Promise<RedirectsActionResult> {
  const result = await runRedirectsAction(context, area, form);
  // This process's storefront follows the change before the editor's next page; every other within 5 s (ADR 037).
  if (result.ok && result.intent !== 'check') await redirectMap?.reload();
  return result;
}

async function runRedirectsAction(
  context: Readonly<RouterContextProvider>,
  area: AreaId,
  form: FormData,
): Promise<RedirectsActionResult> {
  const api = getApi(context);
  const intent = text(form, 'intent');
  switch (intent) {
    case 'create':
    case 'save': {
      const id = text(form, 'id') || null;
      const fields = {
        area,
        fromPath: text(form, 'fromPath'),
        toUrl: text(form, 'toUrl'),
        status: toStatus(text(form, 'status')),
        ...(id ? { id, expectedUpdatedAt: text(form, 'expectedUpdatedAt') } : {}),
      };
      try {
        const { redirect, created } = await api.call(redirectsEndpoints.updateRedirect, { body: fields });
        const verb = created ? 'Added' : 'Saved';
        return {
          intent,
          ok: true,
          redirect,
          message: `${verb}: ${redirect.fromPath} → ${redirect.toUrl} (${redirect.status}).`,
        };
      } catch (error) {
        return { intent, ok: false, id, ...refusal(error) };
      }
    }
    case 'delete': {
      const id = text(form, 'id');
      try {
        const { deleted } = await api.call(redirectsEndpoints.deleteRedirects, { body: { area, ids: [id] } });
        const [first] = deleted;
        return first
          ? { intent, ok: true, message: `Deleted the redirect ${first.fromPath}.` }
          : { intent, ok: false, message: 'That redirect was already deleted.' };
      } catch (error) {
        return { intent, ok: false, message: refusal(error).message };
      }
    }
    case 'delete-all': {
      try {
        const { deleted } = await api.call(redirectsEndpoints.deleteAllRedirects, {
          body: { area, confirm: text(form, 'confirm') as 'DELETE ALL' },
        });
        return { intent, ok: true, message: `Deleted all ${deleted} redirects of ${area.toUpperCase()}.` };
      } catch (error) {
        return { intent, ok: false, message: refusal(error).message };
      }
    }
    case 'check':
    case 'apply': {
      const file = form.get('file');
      const fileName = file instanceof File ? file.name : '';
      if (!(file instanceof File) || file.size === 0) {
        return { intent, ok: false, message: 'Choose a CSV file first.', report: null, fileName };
      }
      try {
        const report = await api.call(redirectsEndpoints.updateRedirectsByCsv, {
          body: { area, csv: await file.text(), dryRun: intent === 'check' },
        });
        return { intent, ok: report.ok, message: '', report, fileName };
      } catch (error) {
        return { intent, ok: false, message: refusal(error).message, report: null, fileName };
      }
    }
    default:
      return { intent: 'delete', ok: false, message: 'Unknown action.' };
  }
}
