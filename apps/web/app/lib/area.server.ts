import type { Area, AreaId, MenuEntry } from '@b2b/contract';
import { DEFAULT_LANGUAGE_CODE } from '@b2b/contract';
import { lruCacheSource } from '@b2b/contract/cache-registry';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { LRUCache } from 'lru-cache';
import { requestEndpoint } from './api.server.ts';
import { webConfig } from './config.server.ts';
import { fetchCounted, webCaches } from './web-caches.server.ts';

/**
 * Each area is kept 2 seconds per process (the API stays the source of truth): every page reads it, and staff edit
 * its menus in the back office (issue 28), which a logged-in page shows within 2 seconds (an anonymous page the page
 * cache kept, page-cache.server.ts, up to 5 seconds later). One request per area every 2 seconds costs the API
 * nothing worth counting. The cache holds the request itself, so concurrent pages share one; a failed request is not kept
 * (lru-cache drops a rejected fetch), so the next page asks again.
 */
const AREA_CACHE_TTL_MS = 2_000;
const areaCache = new LRUCache<AreaId, Area>({
  max: 10,
  ttl: AREA_CACHE_TTL_MS,
  fetchMethod: (areaId) =>
    requestEndpoint(areaEndpoints.getAreaById, { query: { AreaId: areaId, Language: DEFAULT_LANGUAGE_CODE } }),
});
const areaCacheLookups = webCaches.register(
  'area',
  lruCacheSource(() => [areaCache]),
);

/** GET /api/Area/GetAreaById?AreaId&Language (spec §7), cached per process for 2 s. Public: no token. */
export async function getAreaById(areaId: AreaId): Promise<Area> {
  const area = await fetchCounted(areaCache, areaCacheLookups, areaId);
  if (!area) throw new Error(`GetAreaById answered nothing for ${areaId}.`);
  return area;
}

/**
 * spec §2 Menus: entries flagged requires-login appear only when logged in, those flagged anonymous-only only when not
 * (at every depth).
 */
export function filterMenuEntries(entries: MenuEntry[], isLoggedIn: boolean): MenuEntry[] {
  const hiddenTag = isLoggedIn ? 'anonymous-only' : 'requires-login';
  return entries
    .filter((entry) => !entry.tags.includes(hiddenTag))
    .map((entry) => ({ ...entry, children: filterMenuEntries(entry.children, isLoggedIn) }));
}

/** Leaves out the entries with the given ids, at every depth (their children go with them). */
function withoutEntries(entries: MenuEntry[], excludedIds: ReadonlySet<string>): MenuEntry[] {
  return entries
    .filter((entry) => !excludedIds.has(entry.id))
    .map((entry) => ({ ...entry, children: withoutEntries(entry.children, excludedIds) }));
}

export type SiteMenus = { main: MenuEntry[]; top: MenuEntry[] };

/** The category tree of the area settings (built by the API), minus the excluded category ids at every depth. */
export function getCategoryMenu(
  area: Area | null,
  excludedCategoryIds: readonly string[] = webConfig.menuExcludedCategoryIds,
): MenuEntry[] {
  const entries = area?.settings.menus.find((menu) => menu.id === 'categories')?.entries ?? [];
  return withoutEntries(entries, new Set(excludedCategoryIds));
}

/**
 * The header's menus (spec §2 Menus) from the area settings' `site` menu (editor entries, tagged) and `categories`
 * menu (the category tree the API builds). Main: the category roots, minus the excluded category ids at every depth
 * (MENU_EXCLUDED_CATEGORY_IDS), then the site entries tagged primary or requires-login. Top: the site entries tagged
 * secondary. Entries tagged requires-login show only when logged in, anonymous-only ones only when not, at every depth.
 */
export function getSiteMenus(
  area: Area | null,
  isLoggedIn: boolean,
  excludedCategoryIds: readonly string[] = webConfig.menuExcludedCategoryIds,
): SiteMenus {
  const site = area?.settings.menus.find((menu) => menu.id === 'site')?.entries ?? [];
  const categories = getCategoryMenu(area, excludedCategoryIds);
  const main = [
    ...categories,
    ...site.filter((entry) => entry.tags.includes('primary') || entry.tags.includes('requires-login')),
  ];
  const top = site.filter((entry) => entry.tags.includes('secondary'));
  return { main: filterMenuEntries(main, isLoggedIn), top: filterMenuEntries(top, isLoggedIn) };
}
