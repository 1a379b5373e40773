import type { Product } from '@b2b/contract';
import { type CardCampaignData, type ProductCampaignView, productCampaigns } from '~/lib/campaigns/campaign-levels.ts';
import type { SplashView } from '~/lib/campaigns/splash-view.ts';
import { imagesByColour, type ProductImage } from '~/lib/colour-images.ts';
import { type PriceMap, type PriceView, priceKey } from '~/lib/prices/price-view.ts';

/** The slice of a product a listing card shows; loader data stays small (24 cards, not 24 full products). */
export type ProductCardData = {
  id: string;
  name: string;
  url: string;
  brand: string;
  stockLevel: number;
  /** Shown as the arrival date while short of stock (StockBadge decides whether it is still ahead). */
  newStockDate: string | null;
  /** For the add-to-cart variant choice. */
  unitOfMeasure: string;
  /**
   * For the add-to-cart variant choice, which only logged-in visitors get: absent with `price` (issue 12: the page
   * data carries only what the page renders). Tuples, read with `cardVariants`.
   */
  variants?: CardVariant[];
  image: ProductImage | null;
  /**
   * Each colour's picture (its URL), shown once the buyer chooses a variant of that colour (issue 24), described as
   * "<name>, <colour>"; with `variants`, and only for products with a picture per colour.
   */
  colourImages?: Record<string, string>;
  /** Absent for anonymous visitors (spec §1); null when logged in but the product has no price. */
  price?: PriceView | null;
  /** The product's discount splashes (issue 27); absent when it has none. */
  splashes?: SplashView[];
  /** The customer's campaigns holding the product, with their levels (logged in only, issue 27); absent: none. */
  campaigns?: ProductCampaignView[];
};

/**
 * A variant as the card's choice needs it. A tuple, not an object: a listing's data holds ≈ 170 of them, and their
 * keys, written out in each, were a sixth of a logged-in listing's hydration data (issue 25).
 */
type CardVariant = [id: string, size: string | null, colour: string | null, stockLevel: number];

/** The card's variants as objects, for the variant choice. */
export function cardVariants(
  card: Pick<ProductCardData, 'variants'>,
): { id: string; size: string | null; colour: string | null; stockLevel: number }[] {
  return (card.variants ?? []).map(([id, size, colour, stockLevel]) => ({ id, size, colour, stockLevel }));
}

/** What a card needs of a product (content carousels and alternatives carry only this much). */
type CardSourceProduct = Pick<
  Product,
  'id' | 'name' | 'url' | 'specifications' | 'stockLevel' | 'newStockDate' | 'unitOfMeasure' | 'variants' | 'media'
>;

export function toProductCardData(
  product: CardSourceProduct,
  prices: PriceMap | null,
  campaignData?: CardCampaignData,
): ProductCardData {
  const image = product.media.find((media) => media.type === 'image') ?? null;
  const card: ProductCardData = {
    id: product.id,
    name: product.name,
    url: product.url,
    brand: product.specifications.brand,
    stockLevel: product.stockLevel,
    newStockDate: product.newStockDate,
    unitOfMeasure: product.unitOfMeasure,
    image: image ? { url: image.url, alt: image.alt || product.name } : null,
  };
  if (prices) {
    card.price = prices[priceKey(product.id)] ?? null;
    card.variants = product.variants.map(({ id, size, colour, stockLevel }) => [id, size, colour, stockLevel]);
    const colourImages = Object.entries(imagesByColour(product.media, product.variants));
    if (colourImages.length > 0)
      card.colourImages = Object.fromEntries(colourImages.map(([colour, { url }]) => [colour, url]));
  }
  const splashes = campaignData?.splashes[product.id];
  if (splashes?.length) card.splashes = splashes;
  // levels state percentages: only with prices, which only logged-in customers get (spec §1, issue 27)
  const campaigns = prices && campaignData ? productCampaigns(campaignData.campaigns, product.id) : [];
  if (campaigns.length > 0) card.campaigns = campaigns;
  return card;
}
