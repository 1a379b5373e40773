import { cn } from '~/lib/cn.ts';
import { BannerBlockView } from './banner-block.tsx';
import { CategoryTilesBlockView } from './category-tiles-block.tsx';
import type { ContentBlockView } from './content-page-data.ts';
import { FaqBlockView } from './faq-block.tsx';
import { FormBlockView } from './form-block.tsx';
import { HeroBlockView } from './hero-block.tsx';
import { ProductCarouselBlockView } from './product-carousel-block.tsx';
import { RichTextView } from './rich-text.tsx';
import { ShippingMethodsBlockView } from './shipping-methods-block.tsx';

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
            return <FormBlockView key={block.id} block={block} />;
          case 'faq':
            return <FaqBlockView key={block.id} block={block} />;
          case 'shippingMethods':
            return <ShippingMethodsBlockView key={block.id} block={block} />;
          default:
            // a block type this storefront does not know yet (a newer API) is left out rather than failing the page
            return null;
        }
      })}
    </div>
  );
}
