import type { CampaignBanner } from '@b2b/contract';
import { CAROUSEL } from '@b2b/contract/constants';
import { type FocusEvent, useEffect, useId, useState } from 'react';
import { AfterHydration } from '~/components/ui/after-hydration.tsx';
import { CarouselStepButton } from '~/components/ui/carousel-step-button.tsx';
import { useHydrated } from '~/components/ui/use-hydrated.ts';
import { cn } from '~/lib/cn.ts';
import { useMediaQuery } from '~/lib/use-media-query.ts';
import { CampaignBannerView } from './campaign-banner-view.tsx';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * The area settings' campaign banners (spec §3) as a carousel (spec §9, `CAROUSEL`): one slide a step, moved in
 * 400 ms, on to the next every 5,000 ms. WCAG 2.2.2 (the WAI-ARIA carousel pattern): a visible pause button first in
 * the tab order; keyboard focus or the pointer inside stops the rotation while there; under prefers-reduced-motion it
 * neither rotates by itself nor slides. Only the current slide is in the tab order and the accessibility tree; the
 * slides are announced (polite) only when the visitor moves them, not while they rotate. One banner is shown as it is;
 * without JavaScript the first banner shows.
 */
export function BannerCarousel({ banners, label }: { banners: readonly CampaignBanner[]; label: string }) {
  if (banners.length === 0) return null;
  const [only] = banners;
  if (banners.length === 1 && only) {
    return (
      <section aria-label={label} className="my-3 sm:my-4">
        <CampaignBannerView banner={only} />
      </section>
    );
  }
  return <RotatingBanners banners={banners} label={label} />;
}

function RotatingBanners({ banners, label }: { banners: readonly CampaignBanner[]; label: string }) {
  const slidesId = useId();
  const isHydrated = useHydrated();
  const prefersReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [current, setCurrent] = useState(0);
  // null: as the visitor's setting has it (rotating unless reduced motion); then what the pause button chose
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const [hasFocusInside, setHasFocusInside] = useState(false);
  const [hasPointerInside, setHasPointerInside] = useState(false);
  const isPlaying = chosenPlaying ?? !prefersReducedMotion;
  const isRotating = isHydrated && isPlaying && !hasFocusInside && !hasPointerInside;
  const count = banners.length;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setInterval(() => {
      setCurrent((index) => (index + 1) % count);
    }, CAROUSEL.autoplayMs);
    return () => window.clearInterval(timer);
  }, [isRotating, count]);

  const move = (step: number) => setCurrent((index) => (index + step * CAROUSEL.slidesPerStep + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocusInside(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative my-3 sm:my-4"
      onFocus={() => setHasFocusInside(true)}
      onBlur={onBlur}
      onMouseEnter={() => setHasPointerInside(true)}
      onMouseLeave={() => setHasPointerInside(false)}
      data-rotating={isRotating}
    >
      {/* first in the tab order (the pause button before the slides), shown in the banner's corner */}
      <AfterHydration>
        <div className="absolute right-3 bottom-3 z-10 flex items-center gap-2">
          <button
            type="button"
            onClick={() => setChosenPlaying(!isPlaying)}
            className="inline-flex h-9 items-center gap-1.5 rounded-full border border-neutral-300 bg-white px-3 text-sm text-neutral-800 hover:bg-neutral-100"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="currentColor">
              <path d={isPlaying ? 'M4 3h3v10H4zM9 3h3v10H9z' : 'M4 2.5v11l9-5.5z'} />
            </svg>
            {isPlaying ? 'Pause banners' : 'Play banners'}
          </button>
          <CarouselStepButton label="Previous banner" controls={slidesId} direction={-1} onClick={() => move(-1)} />
          <CarouselStepButton label="Next banner" controls={slidesId} direction={1} onClick={() => move(1)} />
        </div>
      </AfterHydration>
      <div className="overflow-hidden rounded-lg">
        <div
          id={slidesId}
          aria-live={isRotating ? 'off' : 'polite'}
          className="flex"
          style={{
            translate: `-${current * 100}% 0`,
            transition: prefersReducedMotion ? 'none' : `translate ${CAROUSEL.speedMs}ms ease-in-out`,
          }}
        >
          {banners.map((banner, index) => {
            const isCurrent = index === current;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group; a fieldset is for form fields
              <div
                key={banner.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                aria-hidden={!isCurrent}
                inert={!isCurrent}
                // before hydration only the first shows; no layout shift when the others join the row
                className={cn('w-full shrink-0', !isHydrated && index > 0 && 'invisible')}
              >
                <CampaignBannerView banner={banner} reserveControls />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
