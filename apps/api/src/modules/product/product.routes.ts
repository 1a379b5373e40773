/** Product calls of spec §7 (paths exactly as the spec names them); both are public: prices are not part of them. */
import {
  errorResponseSchema,
  getProductsByIdsBody,
  getProductsByIdsResponse,
  getProductsBySearchRefinedBody,
  getProductsBySearchResponse,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { getProductsByIds, getProductsBySearch } from './product.service.ts';

const TAGS = ['Product'];

export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const searchIndex = await useSearchIndex(fastify);

  app.post('/api/Product/GetProductsByIds', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Products by item number',
      description:
        'Found products keyed by id; unknown ids are left out. When none of the ids exists: 404 NotFoundException ' +
        '(spec §8). `lookupTemplate` `product-cart` returns the slim form the cart needs.',
      body: getProductsByIdsBody,
      response: { 200: getProductsByIdsResponse, 400: errorResponseSchema, 404: errorResponseSchema },
    },
    handler: async (request) => getProductsByIds(request.ctx, request.body, searchIndex.catalogue),
  });

  app.post('/api/Product/GetProductsBySearch', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Faceted product search',
      description:
        'Facets CheckboxAnd (all values), CheckboxOr (any value) and Slider (stockLevel; newStockDate as yyyy-mm-dd; ' +
        'applies only when min or max is set). `search` matches name, item number and brand, each term as a prefix ' +
        "(bbs and bb's mean the brand bb). Default sorting: new stock date descending. facetOptions count under " +
        'the other selected facets; an OR facet counts as if its own selection were absent.',
      body: getProductsBySearchRefinedBody,
      response: { 200: getProductsBySearchResponse, 400: errorResponseSchema },
    },
    handler: async (request) => getProductsBySearch(request.ctx, request.body, searchIndex.catalogue),
  });
}
