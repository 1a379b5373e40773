import { randomUUID } from 'node:crypto';
import { type ContentPage, isInAudience, type ResolvedContentBlock } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { toProductCardData } from '~/components/product/product-card-data.ts';
import { loadCardCampaignData } from '~/lib/campaigns/card-campaign-data.server.ts';
import { keepToThisVisitor } from '~/lib/page-cache.server.ts';
import { loadPrices } from '~/lib/prices/prices.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { ContentBlockView, ContentPageView } from './content-page-data.ts';

type CarouselProduct = Extract<ResolvedContentBlock, { type: 'productCarousel' }>['products'][number];

/**
 * A content page for rendering, for this visitor: only the blocks whose audience they are in, the products of all its
 * carousels priced in one GetPrices call, which asks only for logged-in customers (spec §1), so anonymous HTML holds
 * no price, with their discount splashes and the customer's campaign levels (issue 27); each form with a fresh submission key.
 */
export async function toContentPageView(
  context: Readonly<RouterContextProvider>,
  page: ContentPage,
  /** The back office's preview shows the page to either audience, whoever is logged in (issue 28). */
  options: { isLoggedIn?: boolean } = {},
): Promise<ContentPageView> {
  const isLoggedIn = options.isLoggedIn ?? getSession(context).isLoggedIn;
  // per visitor, after the content cache: the cached page holds every audience's blocks
  const shown = page.blocks.filter((block) => isInAudience(block.audience, isLoggedIn));
  const carouselProducts: CarouselProduct[] = shown.flatMap((block) =>
    block.type === 'productCarousel' ? block.products : [],
  );
  // carousels only: a page without one asks for neither
  const [prices, campaignData] = await Promise.all([
    loadPrices(
      context,
      carouselProducts.map((product) => ({ productId: product.id, unitOfMeasure: product.unitOfMeasure })),
    ),
    carouselProducts.length > 0
      ? loadCardCampaignData(
          context,
          carouselProducts.map((product) => product.id),
        )
      : undefined,
  ]);
  const blocks = shown.map((block): ContentBlockView => {
    if (block.type === 'productCarousel') {
      return { ...block, products: block.products.map((product) => toProductCardData(product, prices, campaignData)) };
    }
    // made here, per request: the page itself may come from the content cache, shared by every visitor
    if (block.type === 'form') {
      // …and so the page is this visitor's own: never kept for others by the page cache
      keepToThisVisitor(context);
      return { ...block, submissionKey: randomUUID() };
    }
    return block;
  });
  return { ...page, blocks };
}
