/** Media call: the bytes of a stored file (generated product images) behind the web's /images/raw/{b64Path}. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { getMediaFileQuery } from '../media.ts';

export const mediaEndpoints = {
  getMediaFile: defineEndpoint({
    method: 'GET',
    path: '/api/Media/GetMediaFile',
    // Public: product images show before login, and the paths name nothing private.
    policy: 'public',
    tag: 'Media',
    summary: 'The bytes of a stored media file',
    description:
      'Answers the file with its stored content type and `Cache-Control: public, max-age=31536000, immutable`; ' +
      '`If-None-Match` with the ETag answers 304. Unknown path: 404 NotFoundException.',
    query: getMediaFileQuery,
    // The bytes, not JSON: the stored content type (image/svg+xml, image/png, …) is sent as it is.
    responseContentType: 'image/*',
    response: z.string().meta({ format: 'binary' }).describe('The file, with its stored content type.'),
    otherResponses: { 304: z.null().describe('Not modified: the ETag given in If-None-Match still matches.') },
    errors: [404],
  }),
};
