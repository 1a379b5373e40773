/** Media call: the bytes of a stored file (generated product images), cached for a long time. */
import { errorResponseSchema, getMediaFileQuery } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getMediaFile } from './media.service.ts';

const TAGS = ['Media'];

/** A year: media paths are content-addressed by product and never change meaning, so clients may keep them. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An SVG opened directly must not run scripts or load anything. */
const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/Media/GetMediaFile', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'The bytes of a stored media file',
      description:
        'Answers the file with its content type and `Cache-Control: public, max-age=31536000, immutable`; ' +
        '`If-None-Match` with the ETag answers 304. Unknown path: 404 NotFoundException.',
      querystring: getMediaFileQuery,
      response: {
        200: z.any().describe('The file, with its stored content type.'),
        304: z.any().describe('Not modified: the ETag given in If-None-Match still matches.'),
        400: errorResponseSchema,
        404: errorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const file = await getMediaFile(request.ctx, request.query);
      reply
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('etag', file.etag)
        .header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send(undefined);
      return reply.type(file.contentType).send(file.body);
    },
  });
}
