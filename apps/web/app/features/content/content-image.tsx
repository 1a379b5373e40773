import type { ContentImage } from '@b2b/contract';
import { responsiveImageSources } from '~/lib/image-resize-params.ts';

/** `/images/raw/<base64url path>` of a stored media path; browser-safe (no Buffer), so components can build it. */
export function toRawMediaUrl(path: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(path)) binary += String.fromCharCode(byte);
  return `/images/raw/${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

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
  const { src, srcSet } = responsiveImageSources(toRawMediaUrl(image.path), {
    width,
    height,
    mode: 'crop',
    gravity: 'smart',
  });
  return (
    <img
      src={src}
      srcSet={srcSet}
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
