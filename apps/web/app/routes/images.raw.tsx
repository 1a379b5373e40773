import { fetchMediaFile } from '~/features/product/media-file.server.ts';
import { decodeMediaPath } from '~/features/product/media-path.ts';
import type { Route } from './+types/images.raw';

/** Content types passed on; anything else from upstream is served as bytes. */
const IMAGE_CONTENT_TYPE = /^image\/[a-z0-9.+-]+$/i;

function notFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * /images/raw/{b64Path} (spec §2 static server routes): the media file at the decoded path, proxied from
 * GET /api/Media/GetMediaFile. Paths address immutable files, so browsers and CDNs may keep them a day.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const path = decodeMediaPath(params.b64Path);
  if (!path) return notFound();
  let response: Response;
  try {
    response = await fetchMediaFile(path, AbortSignal.any([request.signal, AbortSignal.timeout(10_000)]));
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error('[images] GetMediaFile failed', error);
    return new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  if (response.status === 404 || response.status === 400) {
    await response.body?.cancel();
    return notFound();
  }
  if (!response.ok) {
    await response.body?.cancel();
    return new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
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
