import sharp from 'sharp';
import {
  GRAVITIES,
  type OutputFormat,
  RESIZE_MODES,
  type ResizeRequest,
  sourceOutputFormat,
} from '~/lib/image-resize-params.ts';

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/**
 * Sources bigger than this (in pixels) are refused before decoding: a small file can declare a huge canvas
 * (a decompression bomb), and sharp's own default allows 268 megapixels.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/** Thrown when the stored file is no image sharp can read; the route answers 404 (no image at that path). */
export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
}

/**
 * Resizes `source` as asked (ADR 015) into `format`, or into the source's own (JPEG or PNG) when `format` is null.
 * Never enlarges: a box bigger than the image keeps the image's size (fill still pads to the box).
 */
export async function resizeImage(
  source: Uint8Array,
  request: ResizeRequest,
  format: 'webp' | 'avif' | null,
): Promise<{ body: Buffer; format: OutputFormat }> {
  try {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
    const metadata = await sharp(source, options).metadata();
    const image = sharp(source, { ...options, density: vectorDensity(metadata, request) });
    const outputFormat = format ?? sourceOutputFormat(metadata.format);
    const resized = image
      // photos taken sideways carry the turn in EXIF; apply it, since the output drops the metadata
      .rotate()
      .resize({
        width: request.width || undefined,
        height: request.height || undefined,
        fit: RESIZE_MODES[request.mode],
        position: GRAVITIES[request.gravity],
        withoutEnlargement: request.mode !== 'fill',
        background: outputFormat === 'jpeg' ? '#ffffff' : { r: 255, g: 255, b: 255, alpha: 0 },
      });
    const encoded =
      outputFormat === 'webp'
        ? resized.webp({ quality: 80, effort: 2 })
        : outputFormat === 'avif'
          ? resized.avif({ quality: 55, effort: 2, chromaSubsampling: '4:2:0' })
          : outputFormat === 'jpeg'
            ? resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82 })
            : resized.png();
    return { body: await encoded.toBuffer(), format: outputFormat };
  } catch (error) {
    throw new NotAnImageError(error instanceof Error ? error.message : String(error));
  }
}

/** sharp rasterises SVG at 72 dpi by default, i.e. at its declared size. */
const SVG_DEFAULT_DENSITY = 72;

/**
 * For SVG, the density that rasterises it at the size the box needs, so a 2× rendering is sharp rather than an
 * upscaled bitmap (vectors may grow; "never enlarge" is about pixels). Undefined for bitmaps and when the declared
 * size already suffices.
 */
function vectorDensity(metadata: sharp.Metadata, request: ResizeRequest): number | undefined {
  if (metadata.format !== 'svg' || !metadata.width || !metadata.height) return undefined;
  const ratios = [request.width / metadata.width, request.height / metadata.height].filter((ratio) => ratio > 0);
  // crop covers the box, so the larger ratio; fit and fill stay inside it, so the smaller
  const scale = request.mode === 'crop' ? Math.max(...ratios) : Math.min(...ratios);
  return scale > 1 ? Math.ceil(SVG_DEFAULT_DENSITY * scale) : undefined;
}
