/** Area services: the sales areas of spec §1 with their settings (spec §3 Area settings). */
import type { Area, AreaId, GetAreasResponse } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findAllAreas, findAreaById } from './area.repository.ts';

/**
 * GET /api/Area/GetAreaById (spec §7 Content): one area with its settings. `Language` is accepted and ignored: the
 * locale is forced to en-GB (spec §1). An area the database does not hold answers 404.
 */
export async function getAreaById(ctx: RequestContext, input: { areaId: AreaId }): Promise<Area> {
  const row = await findAreaById(ctx.db, input.areaId);
  if (!row) throw new AppError('NotFoundException', `Area ${input.areaId} was not found.`);
  return {
    areaId: row.id as AreaId,
    name: row.name,
    languageCode: row.languageCode,
    currencyCode: row.currencyCode,
    settings: row.settings,
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
