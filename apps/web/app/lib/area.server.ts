import type { Area, AreaId, MenuEntry } from '@b2b/contract';
import { DEFAULT_LANGUAGE_CODE } from '@b2b/contract';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { requestEndpoint } from './api.server.ts';

/** Areas change rarely: keep each for a minute per process (the API stays the source of truth). */
const AREA_CACHE_TTL_MS = 60_000;
const areaCache = new Map<AreaId, { area: Promise<Area>; expiresAt: number }>();

/** GET /api/Area/GetAreaById?AreaId&Language (spec §7), cached per process for 60 s. Public: no token. */
export function getAreaById(areaId: AreaId, nowMs = Date.now()): Promise<Area> {
  const cached = areaCache.get(areaId);
  if (cached && cached.expiresAt > nowMs) return cached.area;
  const area = requestEndpoint(areaEndpoints.getAreaById, {
    query: { AreaId: areaId, Language: DEFAULT_LANGUAGE_CODE },
  });
  areaCache.set(areaId, { area, expiresAt: nowMs + AREA_CACHE_TTL_MS });
  // A failure must not be cached for a minute.
  area.catch(() => {
    if (areaCache.get(areaId)?.area === area) areaCache.delete(areaId);
  });
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
