import type { Product } from '@b2b/contract';
import type { ProductCampaignView } from '~/lib/campaigns/campaign-levels.ts';
import type { SplashView } from '~/lib/campaigns/splash-view.ts';
import type { FavoriteMarks } from '~/lib/favorites/favorite-marks.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';

/** Loader data of a product page. Price fields are absent for anonymous visitors (spec §1). */
export type ProductPageData = {
  product: Product;
  /** The product's own price; null when logged in but no price was found. */
  price?: PriceView | null;
  /** Prices of single variants keyed by variant id, where the API has one of its own. */
  variantPrices?: Record<string, PriceView>;
  /** The variants' hearts (issue 26 §1); absent or null without a customer. */
  favorites?: FavoriteMarks | null;
  /** The product's discount splashes (issue 27); anonymous visitors get those that state no discount. */
  splashes: SplashView[];
  /** The customer's campaigns holding the product, levels lowest first; absent for anonymous visitors. */
  campaigns?: ProductCampaignView[];
};
