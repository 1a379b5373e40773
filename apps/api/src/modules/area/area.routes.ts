/** Area calls of spec §7 (listed under Content there); definitions in @b2b/contract/endpoints/area. */
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { getAreaById, getAreas } from './area.service.ts';
import { getSiteMenu, updateSiteMenu } from './menus.service.ts';

export async function areaRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);

  registerEndpoint(app, areaEndpoints.getAreaById, async (request) =>
    getAreaById(request.ctx, { areaId: request.query.AreaId }, searchIndex.catalogue.categories),
  );
  registerEndpoint(app, areaEndpoints.getAreas, async (request) => getAreas(request.ctx));
  registerEndpoint(app, areaEndpoints.getMenus, async (request) => getSiteMenu(request.ctx, request.query));
  registerEndpoint(app, areaEndpoints.updateMenus, async (request) => updateSiteMenu(request.ctx, request.body));
}
