/**
 * The site menu in the back office (issue 28; spec §2 Menus, §3 area settings `menus`): read with its version, saved
 * whole with a stale check, every save in the audit log. The storefront reads menus through GetAreaById, which reads
 * the database; the web keeps an area 2 seconds (apps/web/app/lib/area.server.ts), so a change shows within 5.
 */
import type { AreaId, MenuEntry, SiteMenuResponse, UpdateMenusBody } from '@b2b/contract';
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getAuditEntriesBySearch, recordAuditEntry } from '../audit/audit.service.ts';
import { type AreaRow, lockAreaById, updateAreaSettings } from './area.repository.ts';
import { requireArea } from './area.service.ts';
import { describeMenuChange, findMenuErrors, menuVersionOf } from './menu-rules.ts';

/** The menu editors keep (area.ts `menuSchema`); `categories` is built from the catalogue. */
const SITE_MENU_ID = 'site';
const SITE_MENU_NAME = 'Site menu';

function siteEntriesOf(row: AreaRow): MenuEntry[] {
  return row.settings.menus.find((menu) => menu.id === SITE_MENU_ID)?.entries ?? [];
}

/** The audit log's key of an area's site menu, e.g. `eu/site`. */
function menuObjectId(areaId: string): string {
  return `${areaId}/${SITE_MENU_ID}`;
}

async function toSiteMenu(ctx: RequestContext, row: AreaRow): Promise<SiteMenuResponse> {
  const entries = siteEntriesOf(row);
  const log = await getAuditEntriesBySearch(ctx, {
    objectType: 'menu',
    objectId: menuObjectId(row.id),
    pageSize: 1,
    pageNr: 1,
  });
  const last = log.entries[0];
  return {
    areaId: row.id as AreaId,
    entries,
    version: menuVersionOf(entries),
    lastChange: last ? { at: last.occurredAt, byUsername: last.actorUsername } : null,
  };
}

/** GET /backoffice/api/Area/GetMenus: the area's site menu with its version; 404 for an unknown area. */
export async function getSiteMenu(ctx: RequestContext, input: { areaId: AreaId }): Promise<SiteMenuResponse> {
  return toSiteMenu(ctx, await requireArea(ctx, input));
}

/**
 * POST /backoffice/api/Area/UpdateMenus: replaces the site menu's entries. The area's row is locked first, so of two
 * editors saving from the same version one wins and the other gets 409 with nothing changed. A menu the storefront
 * would not show as meant answers 400 naming each entry (menu-rules.ts).
 */
export async function updateSiteMenu(ctx: RequestContext, input: UpdateMenusBody): Promise<SiteMenuResponse> {
  const errors = findMenuErrors(input.entries);
  if (errors.length > 0) {
    const [first] = errors;
    throw new AppError('ValidationException', `${first?.field} ${first?.message}`, errors);
  }
  return inTransaction(ctx, async (txCtx) => {
    const row = await lockAreaById(txCtx.db, input.areaId);
    if (!row) throw new AppError('NotFoundException', `Area ${input.areaId} was not found.`);
    const before = siteEntriesOf(row);
    if (menuVersionOf(before) !== input.version) {
      throw new AppError(
        'ConflictException',
        `The site menu of area ${input.areaId} was changed by someone else after you opened it. Reload it to see ` +
          'their change, then make yours again.',
      );
    }
    const others = row.settings.menus.filter((menu) => menu.id !== SITE_MENU_ID);
    const siteMenu = row.settings.menus.find((menu) => menu.id === SITE_MENU_ID);
    const settings = {
      ...row.settings,
      menus: [{ id: SITE_MENU_ID, name: siteMenu?.name ?? SITE_MENU_NAME, entries: input.entries }, ...others],
    };
    await updateAreaSettings(txCtx.db, row.id, settings);
    await recordAuditEntry(txCtx, {
      objectType: 'menu',
      objectId: menuObjectId(row.id),
      action: 'update',
      summary: `Site menu of area ${row.id}: ${describeMenuChange(before, input.entries)}`,
      before,
      after: input.entries,
    });
    return toSiteMenu(txCtx, { ...row, settings });
  });
}
