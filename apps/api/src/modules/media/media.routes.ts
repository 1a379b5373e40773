/** Media call: the bytes of a stored file, cached for a long time; definition in @b2b/contract/endpoints/media. */
import { mediaEndpoints } from '@b2b/contract/endpoints/media';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getMediaFile } from './media.service.ts';

/** A year: media paths are content-addressed by product and never change meaning, so clients may keep them. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An SVG opened directly must not run scripts or load anything. */
const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export async function mediaRoutes(app: FastifyInstance) {
  registerEndpoint(app, mediaEndpoints.getMediaFile, async (request, reply) => {
    const file = await getMediaFile(request.ctx, request.query);
    // The answer is the file itself, not JSON: its headers go on the reply.
    reply
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('etag', file.etag)
      .header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send(undefined);
    return reply.type(file.contentType).send(file.body);
  });
}
