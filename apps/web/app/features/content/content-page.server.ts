import { randomUUID } from 'node:crypto';
import type { ContentPage, ResolvedContentBlock } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { toProductCardData } from '~/components/product/product-card-data.ts';
import { loadPrices } from '~/lib/prices/prices.server.ts';
import type { ContentBlockView, ContentPageView } from './content-page-data.ts';

type CarouselProduct = Extract<ResolvedContentBlock, { type: 'productCarousel' }>['products'][number];

/**
 * A content page for rendering: the products of all its carousels priced in one GetPrices call, which asks only
 * for logged-in customers (spec §1), so anonymous HTML holds no price; each form with a fresh submission key.
 */
export async function toContentPageView(
  context: Readonly<RouterContextProvider>,
  page: ContentPage,
): Promise<ContentPageView> {
  const carouselProducts: CarouselProduct[] = page.blocks.flatMap((block) =>
    block.type === 'productCarousel' ? block.products : [],
  );
  const prices = await loadPrices(
    context,
    carouselProducts.map((product) => ({ productId: product.id, unitOfMeasure: product.unitOfMeasure })),
  );
  const blocks = page.blocks.map((block): ContentBlockView => {
    if (block.type === 'productCarousel') {
      return { ...block, products: block.products.map((product) => toProductCardData(product, prices)) };
    }
    // made here, per request: the page itself may come from the content cache, shared by every visitor
    if (block.type === 'form') return { ...block, submissionKey: randomUUID() };
    return block;
  });
  return { ...page, blocks };
}
