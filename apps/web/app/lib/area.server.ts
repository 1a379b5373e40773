import type { Area, AreaId, MenuEntry } from '@b2b/contract';
import { DEFAULT_LANGUAGE_CODE } from '@b2b/contract';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { LRUCache } from 'lru-cache';
import { requestEndpoint } from './api.server.ts';

/**
 * Areas change rarely: each is kept for a minute per process (the API stays the source of truth). The cache holds
 * the request itself, so concurrent pages share one; a failed request is not kept (lru-cache drops a rejected
 * fetch), so the next page asks again.
 */
const AREA_CACHE_TTL_MS = 60_000;
const areaCache = new LRUCache<AreaId, Area>({
  max: 10,
  ttl: AREA_CACHE_TTL_MS,
  fetchMethod: (areaId) =>
    requestEndpoint(areaEndpoints.getAreaById, { query: { AreaId: areaId, Language: DEFAULT_LANGUAGE_CODE } }),
});

/** GET /api/Area/GetAreaById?AreaId&Language (spec §7), cached per process for 60 s. Public: no token. */
export async function getAreaById(areaId: AreaId): Promise<Area> {
  const area = await areaCache.fetch(areaId);
  if (!area) throw new Error(`GetAreaById answered nothing for ${areaId}.`);
  return area;
}

/** spec §2 Menus: entries flagged requires-login appear only when logged in (at every depth). */
export function filterMenuEntries(entries: MenuEntry[], isLoggedIn: boolean): MenuEntry[] {
  return entries
    .filter((entry) => isLoggedIn || !entry.tags.includes('requires-login'))
    .map((entry) => ({ ...entry, children: filterMenuEntries(entry.children, isLoggedIn) }));
}

export type SiteMenus = { main: MenuEntry[]; top: MenuEntry[] };

/** The header's menus from the area settings: `main` (categories, primary) and `top` (secondary). */
export function getSiteMenus(area: Area | null, isLoggedIn: boolean): SiteMenus {
  const menus = area?.settings.menus ?? [];
  const find = (id: string) => filterMenuEntries(menus.find((menu) => menu.id === id)?.entries ?? [], isLoggedIn);
  return { main: find('main'), top: find('top') };
}
