/**
 * The site menu editor's server side (issue 28): reads the area's menu with its version (Area/GetMenus) and saves the
 * editor's entries (Area/UpdateMenus). A save from an older version comes back with who changed the menu since, so
 * the editor keeps its work and can look at theirs or save over it.
 */
import type { FieldError } from '@b2b/contract';
import { AREA_IDS, type AreaId } from '@b2b/contract/constants';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import type { SiteMenuResponse } from '@b2b/contract/menus';
import { data, type RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';

type Context = Readonly<RouterContextProvider>;

export function readMenuArea(params: URLSearchParams): AreaId {
  const area = params.get('area');
  return (AREA_IDS as readonly string[]).includes(area ?? '') ? (area as AreaId) : 'eu';
}

export function loadSiteMenu(context: Context, areaId: AreaId): Promise<SiteMenuResponse> {
  return getApi(context).call(areaEndpoints.getMenus, { query: { areaId } });
}

export type MenuSaveResult =
  | { kind: 'saved'; menu: SiteMenuResponse }
  | { kind: 'invalid'; message: string; errors: FieldError[] }
  | { kind: 'conflict'; message: string; current: SiteMenuResponse };

/** The editor's form: `areaId`, `version` and `entries` (the tree as JSON, validated by the API). */
export async function saveSiteMenu(context: Context, form: FormData) {
  const areaId = readMenuArea(new URLSearchParams({ area: String(form.get('areaId') ?? '') }));
  const version = String(form.get('version') ?? '');
  let entries: unknown;
  try {
    entries = JSON.parse(String(form.get('entries') ?? ''));
  } catch {
    return data<MenuSaveResult>(
      { kind: 'invalid', message: 'The menu could not be read; reload the page.', errors: [] },
      { status: 400 },
    );
  }
  try {
    const menu = await getApi(context).call(areaEndpoints.updateMenus, {
      // the API checks the entries against the contract's schema and answers the fields it refuses
      body: { areaId, version, entries: entries as SiteMenuResponse['entries'] },
    });
    return data<MenuSaveResult>({ kind: 'saved', menu });
  } catch (error) {
    if (isApiError(error) && error.status === 400) {
      return data<MenuSaveResult>(
        { kind: 'invalid', message: error.message, errors: error.body?.errors ?? [] },
        { status: 400 },
      );
    }
    if (isApiError(error) && error.status === 409) {
      const current = await loadSiteMenu(context, areaId);
      return data<MenuSaveResult>({ kind: 'conflict', message: error.message, current }, { status: 409 });
    }
    throw error;
  }
}
