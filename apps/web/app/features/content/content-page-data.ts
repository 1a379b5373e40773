import type { ContentPage, ResolvedContentBlock } from '@b2b/contract';
import type { ProductCardData } from '~/components/product/product-card-data.ts';

type CarouselBlock = Extract<ResolvedContentBlock, { type: 'productCarousel' }>;

/** A product carousel as the page shows it: product cards, with prices only for logged-in customers (spec §1). */
export type CarouselBlockView = Omit<CarouselBlock, 'products'> & { products: ProductCardData[] };

type FormBlock = Extract<ResolvedContentBlock, { type: 'form' }>;

/**
 * A content form as the page shows it, with a key of its own for each time the page is rendered: sent as the
 * Idempotency-Key of SendForm, so the same filled-in form posted again (a resent POST, the storefront's retry) is
 * stored and mailed once.
 */
export type FormBlockView = FormBlock & { submissionKey: string };

export type ContentBlockView =
  | Exclude<ResolvedContentBlock, CarouselBlock | FormBlock>
  | CarouselBlockView
  | FormBlockView;

/**
 * A content page as loader data, for one visitor: the API's page without the blocks of other audiences, its carousels
 * turned into product cards and its forms keyed.
 */
export type ContentPageView = Omit<ContentPage, 'blocks'> & { blocks: ContentBlockView[] };
