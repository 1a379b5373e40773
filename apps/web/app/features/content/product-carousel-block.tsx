import { CAROUSEL } from '@b2b/contract/constants';
import { memo, useRef } from 'react';
import { ProductCard } from '~/components/product/product-card.tsx';
import { AfterHydration } from '~/components/ui/after-hydration.tsx';
import { CarouselStepButton } from '~/components/ui/carousel-step-button.tsx';
import { ContentLinkView } from './content-link-view.tsx';
import type { CarouselBlockView } from './content-page-data.ts';

/*
 * spec §9 Carousel (CAROUSEL): one slide (here: one visible page of cards) per step, moved in 400 ms. Its autoplay is
 * left out on purpose: a product list that moves by itself fails WCAG 2.2.2 unless paused, and nobody needs it to
 * (the campaign banners autoplay, features/campaigns/banner-carousel.tsx).
 */

/**
 * How wide a card's image is shown: the list has the page's width (the main's, at most 80 rem) and shows two cards,
 * three from `sm`, four from `lg` (the widths on its items below), less the card's padding.
 */
const CAROUSEL_CARD_IMAGE_SIZES =
  '(min-width: 80rem) 17.25rem, (min-width: 64rem) calc(25vw - 2.75rem), (min-width: 40rem) calc(33.4vw - 2.8rem), calc(50vw - 3rem)';

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

function scrollByPage(list: HTMLElement, direction: -1 | 1) {
  const start = list.scrollLeft;
  const target = Math.max(
    0,
    Math.min(list.scrollWidth - list.clientWidth, start + direction * list.clientWidth * CAROUSEL.slidesPerStep),
  );
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    list.scrollLeft = target;
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / CAROUSEL.speedMs);
    list.scrollLeft = start + (target - start) * easeInOut(progress);
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * A row of product cards that scrolls sideways: the list itself takes focus, so arrow keys scroll it, and each
 * card's link is in the tab order; the previous/next buttons (with scripts only) move one page of cards. A `memo`:
 * the router renders the page again right after hydration (when it has fetched the routes its links lead to), with the
 * same loader data, and that must leave the cards alone (issue 12).
 */
export const ProductCarouselBlockView = memo(function ProductCarouselBlockView({
  block,
}: {
  block: CarouselBlockView;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  if (block.products.length === 0) return null;
  const headingId = `${block.id}-heading`;
  const listId = `${block.id}-list`;
  const move = (direction: -1 | 1) => {
    if (listRef.current) scrollByPage(listRef.current, direction);
  };
  return (
    <section aria-labelledby={headingId} data-block="productCarousel">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-semibold">
          {block.heading}
        </h2>
        <div className="flex items-center gap-2">
          {block.viewAllUrl ? (
            <ContentLinkView
              href={block.viewAllUrl}
              className="mr-2 text-sm text-accent-800 underline hover:text-accent-900"
            >
              View all<span className="sr-only"> {block.heading}</span>
            </ContentLinkView>
          ) : null}
          <AfterHydration>
            <CarouselStepButton label="Previous products" controls={listId} onClick={() => move(-1)} direction={-1} />
            <CarouselStepButton label="Next products" controls={listId} onClick={() => move(1)} direction={1} />
          </AfterHydration>
        </div>
      </div>
      <ul
        ref={listRef}
        id={listId}
        aria-labelledby={headingId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take focus so the keyboard can scroll it
        tabIndex={0}
        className="relative -mx-1 flex snap-x snap-mandatory gap-4 overflow-x-auto px-1 pt-1 pb-3 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        {block.products.map((product) => (
          <li
            key={product.id}
            className="w-[calc(50%-0.5rem)] shrink-0 snap-start sm:w-[calc(33.333%-0.667rem)] lg:w-[calc(25%-0.75rem)]"
          >
            <ProductCard product={product} imageSizes={CAROUSEL_CARD_IMAGE_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
});
