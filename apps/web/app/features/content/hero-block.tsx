import type { ResolvedContentBlock } from '@b2b/contract';
import { buttonClassName } from '~/components/ui/button.tsx';
import { ContentImageView } from './content-image.tsx';
import { ContentLinkView } from './content-link-view.tsx';

type HeroBlock = Extract<ResolvedContentBlock, { type: 'hero' }>;

/** The hero's box: 12:5, as wide as the page gets; phones get the half-size rendering through `sizes`. */
const HERO_WIDTH = 1200;
const HERO_HEIGHT = 500;
const HERO_SIZES = '(min-width: 80rem) 1248px, calc(100vw - 2rem)';

/**
 * A hero: image, heading, text and a call to action. The text sits on a dark gradient over the image, so its
 * contrast does not depend on the picture. The page's first hero is its h1 and its image loads with high priority.
 */
export function HeroBlockView({
  block,
  isFirst,
  isPageHeading,
}: {
  block: HeroBlock;
  isFirst: boolean;
  isPageHeading: boolean;
}) {
  const Heading = isPageHeading ? 'h1' : 'h2';
  const headingId = `${block.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="relative isolate overflow-hidden rounded-xl bg-neutral-900 text-white"
      data-block="hero"
    >
      <ContentImageView
        image={block.image}
        width={HERO_WIDTH}
        height={HERO_HEIGHT}
        sizes={HERO_SIZES}
        priority={isFirst ? 'high' : 'lazy'}
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="flex min-h-72 flex-col justify-end gap-3 bg-gradient-to-t from-black/85 via-black/70 to-black/45 p-6 sm:min-h-96 sm:max-w-2xl sm:justify-center sm:bg-gradient-to-r sm:p-10">
        <Heading id={headingId} className="text-3xl font-bold leading-tight sm:text-4xl">
          {block.heading}
        </Heading>
        {block.text ? <p className="text-lg text-neutral-100">{block.text}</p> : null}
        {block.callToAction ? (
          <p className="mt-2">
            <ContentLinkView href={block.callToAction.url} className={buttonClassName('primary', 'text-base')}>
              {block.callToAction.label}
            </ContentLinkView>
          </p>
        ) : null}
      </div>
    </section>
  );
}
