/** Area services: the sales areas of spec §1 with their settings (spec §3 Area settings). */
import type { Area, AreaId, GetAreasResponse, MenuEntry } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { CategoryTree } from '../search/category-tree.ts';
import { type AreaRow, findAllAreas, findAreaById } from './area.repository.ts';

/** The menu built from the catalogue (area.ts `menuSchema`: editors manage `site`, the catalogue `categories`). */
const CATEGORY_MENU_ID = 'categories';

/** The category tree as menu entries, in display order; categories join the main menu (spec §2 Menus). */
function toCategoryEntries(categories: CategoryTree, parentId: string | null): MenuEntry[] {
  return categories.listChildren(parentId).map((category) => ({
    id: category.id,
    name: category.name,
    url: category.url,
    tags: ['primary'],
    children: toCategoryEntries(categories, category.id),
  }));
}

/** The area with its stored settings; 404 for an area the database does not hold. */
export async function requireArea(ctx: RequestContext, input: { areaId: string }): Promise<AreaRow> {
  const row = await findAreaById(ctx.db, input.areaId);
  if (!row) throw new AppError('NotFoundException', `Area ${input.areaId} was not found.`);
  return row;
}

/**
 * GET /api/Area/GetAreaById (spec §7 Content): one area with its settings; `menus` holds the stored menus (`site`)
 * and the `categories` menu built from the current catalogue. `Language` is accepted and ignored: the locale is
 * forced to en-GB (spec §1). An area the database does not hold answers 404.
 */
export async function getAreaById(
  ctx: RequestContext,
  input: { areaId: AreaId },
  categories: CategoryTree,
): Promise<Area> {
  const row = await requireArea(ctx, input);
  const storedMenus = row.settings.menus.filter((menu) => menu.id !== CATEGORY_MENU_ID);
  const categoryMenu = { id: CATEGORY_MENU_ID, name: 'Categories', entries: toCategoryEntries(categories, null) };
  return {
    areaId: row.id as AreaId,
    name: row.name,
    languageCode: row.languageCode,
    currencyCode: row.currencyCode,
    settings: { ...row.settings, menus: [...storedMenus, categoryMenu] },
  };
}

/** GET /backoffice/api/Area/GetAreas: every area as a location list entry (spec §3: code, name, areaInfo). */
export async function getAreas(ctx: RequestContext): Promise<GetAreasResponse> {
  const rows = await findAllAreas(ctx.db);
  return {
    areas: rows.map((row) => ({
      code: row.id as AreaId,
      name: row.name,
      areaInfo: { areaId: row.id as AreaId, languageCode: row.languageCode, currencyCode: row.currencyCode },
    })),
  };
}
