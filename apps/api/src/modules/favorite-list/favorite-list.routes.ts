/** Favourite list calls of spec §7 (paths under /api/FavoriteList/); definitions in @b2b/contract/endpoints/favorite-list. */
import { favoriteListEndpoints } from '@b2b/contract/endpoints/favorite-list';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import {
  addOrUpdateFavoriteList,
  deleteFavoriteList,
  getFavoriteList,
  getFavoriteListsBySearch,
  setFavoriteListActive,
} from './favorite-list.service.ts';

export async function favoriteListRoutes(app: FastifyInstance) {
  registerEndpoint(app, favoriteListEndpoints.getFavoriteList, async (request) =>
    getFavoriteList(request.ctx, { listId: request.query.ListId }),
  );
  registerEndpoint(app, favoriteListEndpoints.addOrUpdateFavoriteList, async (request) =>
    addOrUpdateFavoriteList(request.ctx, request.body),
  );
  registerEndpoint(app, favoriteListEndpoints.deleteFavoriteList, async (request, reply) => {
    await deleteFavoriteList(request.ctx, request.body);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, favoriteListEndpoints.getFavoriteListsBySearch, async (request) =>
    getFavoriteListsBySearch(request.ctx, request.query),
  );
  registerEndpoint(app, favoriteListEndpoints.setFavoriteListActive, async (request) =>
    setFavoriteListActive(request.ctx, request.body),
  );
}
