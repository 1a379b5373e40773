import type { Product } from '@b2b/contract';
import { useState } from 'react';
import { cn } from '~/lib/cn.ts';
import { resizedImageSources, responsiveImageSources } from '~/lib/image-resize-params.ts';

/** CSS-pixel boxes of the large image and the thumbnails (their 2× renderings serve sharp screens). */
const LARGE_IMAGE_SIZE = 800;
const THUMBNAIL_SIZE = 64;
/**
 * How wide the large image is shown: the page's width on a phone, half of it from `md` on, five twelfths from `lg`
 * (product-page.tsx: a grid of two columns, 2 rem apart, 1 : 1 from md and 5 : 7 from lg, in a main of at most 80 rem
 * with 1 rem padding: (78 rem − 2 rem) × 5/12 ≈ 31.7 rem at full width).
 */
const LARGE_IMAGE_SIZES =
  '(min-width: 80rem) 31.7rem, (min-width: 64rem) calc(41.67vw - 1.67rem), (min-width: 48rem) calc(50vw - 2rem), calc(100vw - 2rem)';

/**
 * The product's images: one large, the others as thumbnail buttons that show it large. Without JavaScript the
 * first image stays large and the thumbnails still show every image.
 */
export function ImageGallery({ media, productName }: { media: Product['media']; productName: string }) {
  const images = media.filter((item) => item.type === 'image');
  const [selectedIndex, setSelectedIndex] = useState(0);
  const selected = images[selectedIndex] ?? images[0];
  if (!selected) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-lg bg-neutral-100 text-neutral-500">
        No image
      </div>
    );
  }
  return (
    <section aria-label="Images" className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-lg bg-neutral-100">
        <img
          {...responsiveImageSources(selected.url, { width: LARGE_IMAGE_SIZE, height: LARGE_IMAGE_SIZE })}
          sizes={LARGE_IMAGE_SIZES}
          alt={selected.alt || productName}
          width={LARGE_IMAGE_SIZE}
          height={LARGE_IMAGE_SIZE}
          // the page's largest image, its Largest Contentful Paint (issue 12): fetched ahead of the scripts
          fetchPriority="high"
          className="size-full object-contain"
          data-testid="product-image"
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setSelectedIndex(index)}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === selectedIndex}
                className={cn(
                  'size-16 overflow-hidden rounded border-2 bg-neutral-100',
                  index === selectedIndex ? 'border-neutral-900' : 'border-transparent',
                )}
              >
                <img
                  {...resizedImageSources(image.url, { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE })}
                  alt=""
                  width={THUMBNAIL_SIZE}
                  height={THUMBNAIL_SIZE}
                  loading="lazy"
                  className="size-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
