import type { Product } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { productCampaigns } from '~/lib/campaigns/campaign-levels.ts';
import { loadCardCampaignData } from '~/lib/campaigns/card-campaign-data.server.ts';
import { loadFavoriteMarks } from '~/lib/favorites/favorite-lists.server.ts';
import { favoriteKeysOfProduct } from '~/lib/favorites/favorite-marks.ts';
import { type PriceView, priceKey } from '~/lib/prices/price-view.ts';
import { loadPrices } from '~/lib/prices/prices.server.ts';
import type { ProductPageData } from './product-page-data.ts';

function isSamePrice(a: PriceView, b: PriceView | null): boolean {
  return (
    b !== null && a.netPrice === b.netPrice && a.beforePrice === b.beforePrice && a.currencyCode === b.currencyCode
  );
}

/**
 * A product page's data: the product as GetContentByUrl returned it plus, for logged-in users only, the net prices
 * of the product and its variants, asked for in one GetPrices call, and which variants are in the active favourite
 * list (the hearts, issue 26 §1); its discount splashes and the customer's campaign levels (issue 27).
 */
export async function loadProductPageData(
  context: Readonly<RouterContextProvider>,
  product: Product,
): Promise<ProductPageData> {
  const unitOfMeasure = product.unitOfMeasure;
  const [prices, favorites, campaignData] = await Promise.all([
    loadPrices(context, [
      { productId: product.id, unitOfMeasure },
      ...product.variants.map((variant) => ({ productId: product.id, variantId: variant.id, unitOfMeasure })),
    ]),
    loadFavoriteMarks(context, favoriteKeysOfProduct(product)),
    loadCardCampaignData(context, [product.id]),
  ]);
  const splashes = campaignData.splashes[product.id] ?? [];
  if (!prices) return { product, splashes };
  const variantPrices: Record<string, PriceView> = {};
  for (const variant of product.variants) {
    const price = prices[priceKey(product.id, variant.id)];
    if (price) variantPrices[variant.id] = price;
  }
  // a product priced only per variant shows its lowest variant price as the headline price
  const lowestVariantPrice = Object.values(variantPrices).sort((a, b) => a.netPrice - b.netPrice)[0] ?? null;
  const price = prices[priceKey(product.id)] ?? lowestVariantPrice;
  // a price column that repeats the headline price on every row says nothing: only variants priced differently
  const hasOwnVariantPrices = Object.values(variantPrices).some((variantPrice) => !isSamePrice(variantPrice, price));
  return {
    product,
    price,
    variantPrices: hasOwnVariantPrices ? variantPrices : {},
    favorites,
    splashes,
    campaigns: productCampaigns(campaignData.campaigns, product.id),
  };
}
