import { decodeMediaPath } from '~/features/product/media-path.ts';
import { fetchStoredMedia, plainTextResponse } from '~/lib/stored-media.server.ts';
import type { Route } from './+types/images.raw';

/** Content types passed on; anything else from upstream is served as bytes. */
const IMAGE_CONTENT_TYPE = /^image\/[a-z0-9.+-]+$/i;

/**
 * /images/raw/{b64Path} (spec §2 static server routes): the media file at the decoded path, proxied from
 * GET /api/Media/GetMediaFile. Paths address immutable files, so browsers and CDNs may keep them a day.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const path = decodeMediaPath(params.b64Path);
  if (!path) return plainTextResponse(404, 'Not Found');
  const stored = await fetchStoredMedia(path, request.signal, 'images');
  if ('failed' in stored) return stored.failed;
  const response = stored.file;
  const contentType = response.headers.get('content-type') ?? '';
  const headers = new Headers({
    'content-type': IMAGE_CONTENT_TYPE.test(contentType.split(';')[0]?.trim() ?? '')
      ? contentType
      : 'application/octet-stream',
    'cache-control': 'public, max-age=86400, immutable',
    'x-content-type-options': 'nosniff',
    // an SVG opened on its own must not run scripts on our origin
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  const length = response.headers.get('content-length');
  // fetch has already decoded a compressed body, so its upstream length would be wrong
  if (length && !response.headers.get('content-encoding')) headers.set('content-length', length);
  return new Response(response.body, { status: 200, headers });
}
