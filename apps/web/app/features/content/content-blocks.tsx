import { lazy, Suspense } from 'react';
import { cn } from '~/lib/cn.ts';
import { BannerBlockView } from './banner-block.tsx';
import { CategoryTilesBlockView } from './category-tiles-block.tsx';
import type { ContentBlockView } from './content-page-data.ts';
import { FaqBlockView } from './faq-block.tsx';
import { HeroBlockView } from './hero-block.tsx';
import { ProductCarouselBlockView } from './product-carousel-block.tsx';
import { RichTextView } from './rich-text.tsx';

// The blocks of a few pages (a contact form, the delivery terms' shipping methods) load when a page has one, apart
// from the front page's first load (issue 25); in a Suspense boundary, so the server renders them whole and the rest
// of the page hydrates without waiting for their code. Their forms work before it.
const FormBlockView = lazy(() => import('./form-block.tsx').then((module) => ({ default: module.FormBlockView })));
const ShippingMethodsBlockView = lazy(() =>
  import('./shipping-methods-block.tsx').then((module) => ({ default: module.ShippingMethodsBlockView })),
);
/**
 * A page's blocks in order. `firstBlockIsPageHeading`: the first block's heading (a hero's, or a text's) is the
 * page's h1; otherwise every block heading is an h2 below the page's own h1.
 */
export function ContentBlocks({
  blocks,
  firstBlockIsPageHeading = false,
}: {
  blocks: readonly ContentBlockView[];
  firstBlockIsPageHeading?: boolean;
}) {
  const firstHeroIndex = blocks.findIndex((block) => block.type === 'hero');
  return (
    <div className="flex flex-col gap-10">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'hero':
            return (
              <HeroBlockView
                key={block.id}
                block={block}
                isFirst={index === firstHeroIndex}
                isPageHeading={firstBlockIsPageHeading && index === 0}
              />
            );
          case 'richText': {
            const isPageHeading = firstBlockIsPageHeading && index === 0;
            const Heading = isPageHeading ? 'h1' : 'h2';
            return (
              <section key={block.id} data-block="richText" className="max-w-3xl">
                {block.heading ? (
                  <Heading className={cn('mb-3 font-bold', isPageHeading ? 'text-3xl' : 'text-2xl')}>
                    {block.heading}
                  </Heading>
                ) : null}
                <RichTextView content={block.content} headingOffset={block.heading && !isPageHeading ? 1 : 0} />
              </section>
            );
          }
          case 'productCarousel':
            return <ProductCarouselBlockView key={block.id} block={block} />;
          case 'categoryTiles':
            return <CategoryTilesBlockView key={block.id} block={block} />;
          case 'banner':
            return <BannerBlockView key={block.id} block={block} />;
          case 'form':
            return (
              <Suspense key={block.id}>
                <FormBlockView block={block} />
              </Suspense>
            );
          case 'faq':
            return <FaqBlockView key={block.id} block={block} />;
          case 'shippingMethods':
            return (
              <Suspense key={block.id}>
                <ShippingMethodsBlockView block={block} />
              </Suspense>
            );
          default:
            // a block type this storefront does not know yet (a newer API) is left out rather than failing the page
            return null;
        }
      })}
    </div>
  );
}
