import { ImageDiskCache, registerImageCache } from '~/features/product/image-disk-cache.server.ts';
import { CONTENT_TYPES, NotAnImageError, resizeImage } from '~/features/product/image-resize.server.ts';
import { decodeMediaPath } from '~/features/product/media-path.ts';
import { webConfig } from '~/lib/config.server.ts';
import { acceptedModernFormat, parseResizeParams } from '~/lib/image-resize-params.ts';
import { fetchStoredMedia, plainTextResponse as plain } from '~/lib/stored-media.server.ts';
import type { Route } from './+types/images.resized';

/** Sources larger than this are not downloaded into memory for resizing. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

const imageCache = registerImageCache(
  new ImageDiskCache(webConfig.imageCacheDir, webConfig.imageCacheMaxBytesPerProcess),
);

function imageResponse(body: Uint8Array, contentType: string): Response {
  // a copy typed for Response (a Buffer may sit on a shared pool); images are small
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-length': String(body.byteLength),
      // the URL names path, box, mode and gravity, and the cache key adds the format: the bytes never change
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * /images/{resize}/{width}/{height}/{gravity}/{b64Path} (spec §2 static server routes; ADR 015): the media file at
 * the decoded path, resized with sharp, in WebP/AVIF when the browser takes them, cached on disk.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const resize = parseResizeParams(params);
  if ('invalid' in resize) return plain(400, `Invalid ${resize.invalid}`);
  const path = decodeMediaPath(params.b64Path);
  if (!path) return plain(404, 'Not Found');

  const modern = acceptedModernFormat(request.headers.get('accept'));
  // without WebP/AVIF the format depends on the source, so either of its two renderings may be cached
  for (const format of modern ? [modern] : (['jpeg', 'png'] as const)) {
    const cached = await imageCache.read(imageCache.fileFor(path, resize, format));
    if (cached) return imageResponse(cached, CONTENT_TYPES[format]);
  }

  const source = await fetchSource(path, request.signal);
  if (source instanceof Response) return source;
  try {
    const { body, format } = await resizeImage(source, resize, modern);
    await imageCache.write(imageCache.fileFor(path, resize, format), body);
    return imageResponse(body, CONTENT_TYPES[format]);
  } catch (error) {
    if (error instanceof NotAnImageError) return plain(404, 'Not Found');
    throw error;
  }
}

/** The original bytes from GetMediaFile, or the answer to give instead (404 when missing, 502 when the API fails). */
async function fetchSource(path: string, signal: AbortSignal): Promise<Uint8Array | Response> {
  const stored = await fetchStoredMedia(path, signal, 'images');
  if ('failed' in stored) return stored.failed;
  const response = stored.file;
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_SOURCE_BYTES) {
    await response.body?.cancel();
    return plain(404, 'Not Found');
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return bytes.byteLength > MAX_SOURCE_BYTES ? plain(404, 'Not Found') : bytes;
}
