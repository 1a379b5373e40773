import type { ContentPage, ResolvedContentBlock } from '@b2b/contract';
import type { ProductCardData } from '~/components/product/product-card-data.ts';

type CarouselBlock = Extract<ResolvedContentBlock, { type: 'productCarousel' }>;

/** A product carousel as the page shows it: product cards, with prices only for logged-in customers (spec §1). */
export type CarouselBlockView = Omit<CarouselBlock, 'products'> & { products: ProductCardData[] };

export type ContentBlockView = Exclude<ResolvedContentBlock, CarouselBlock> | CarouselBlockView;

/** A content page as loader data: the API's page with its carousels turned into product cards. */
export type ContentPageView = Omit<ContentPage, 'blocks'> & { blocks: ContentBlockView[] };
