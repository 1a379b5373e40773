/** Product calls of spec §7 (Products, prices, discounts); definitions in @b2b/contract/endpoints/product. */
import { productEndpoints } from '@b2b/contract/endpoints/product';
import type { FastifyInstance } from 'fastify';
import { readFromReplica } from '../../context.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { getProductsByIds, getProductsBySearch } from './product.service.ts';
import { registerSearchCaches } from './product-cache.ts';
import { getSearchSuggestions } from './search-suggestions.service.ts';

export async function productRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);
  const cacheLookups = registerSearchCaches(app.caches, () => searchIndex.catalogue);

  // Product reads may come from the read replica (ADR 042); prices (GetPrices) stay on the primary.
  registerEndpoint(app, productEndpoints.getProductsByIds, async (request) =>
    readFromReplica(request.ctx, (readCtx) => getProductsByIds(readCtx, request.body, searchIndex.catalogue)),
  );
  registerEndpoint(app, productEndpoints.getProductsBySearch, async (request) =>
    readFromReplica(request.ctx, (readCtx) =>
      getProductsBySearch(readCtx, request.body, searchIndex.catalogue, cacheLookups),
    ),
  );
  registerEndpoint(app, productEndpoints.getSearchSuggestions, async (request) =>
    getSearchSuggestions(request.body, searchIndex.catalogue),
  );
}
