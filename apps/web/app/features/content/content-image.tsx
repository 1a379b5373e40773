import type { ContentImage } from '@b2b/contract';
import { MAX_IMAGE_SIDE, resizedImageSources } from '~/lib/image-resize-params.ts';

/** `/images/raw/<base64url path>` of a stored media path; browser-safe (no Buffer), so components can build it. */
export function toRawMediaUrl(path: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(path)) binary += String.fromCharCode(byte);
  return `/images/raw/${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** Renderings offered per image, as fractions of the box: a phone takes the half, a sharp desktop screen the double. */
const SCALES = [0.5, 1, 2] as const;

/**
 * A content image through the resized-image route, cropped to a `width`×`height` box and offered in several widths
 * (`srcSet` with `sizes`), with explicit size so the page does not shift while it loads. The first hero asks for
 * `high` priority; everything else loads lazily as it scrolls in.
 */
export function ContentImageView({
  image,
  width,
  height,
  sizes,
  priority,
  className = '',
}: {
  image: ContentImage;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the box is shown at each viewport width. */
  sizes: string;
  priority: 'high' | 'lazy';
  className?: string;
}) {
  const rawUrl = toRawMediaUrl(image.path);
  const box = (scale: number) => ({
    width: Math.round(width * scale),
    height: Math.round(height * scale),
    mode: 'crop' as const,
    gravity: 'smart' as const,
  });
  const srcSet = SCALES.filter((scale) => Math.max(width, height) * scale <= MAX_IMAGE_SIDE)
    .map((scale) => `${resizedImageSources(rawUrl, box(scale)).src} ${Math.round(width * scale)}w`)
    .join(', ');
  return (
    <img
      src={resizedImageSources(rawUrl, box(1)).src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={width}
      height={height}
      loading={priority === 'high' ? 'eager' : 'lazy'}
      fetchPriority={priority === 'high' ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}
