/**
 * Products the demo catalogue no longer sells (issue 10: they leave search, listings and sitemaps, and their URLs
 * answer the "product not available" page). One per root category, all within the 200-product test catalogue, none
 * of them a product the API tests or e2e specs pick by id, the first product of its category or brand, a bundle or
 * a bundle component, or among the first products the cart tests add (100001…100080).
 */
import { SEED_REFERENCE_DATE } from './reference-date.ts';

export const DISCONTINUED_PRODUCT_IDS: ReadonlySet<string> = new Set([
  '100157', // skate: Ironclad Nimbus Classic Deck
  '100165', // surf: Saltwater Supply Vector LT Wetsuit
  '100172', // bike: Ironclad Nova V2 Jersey
  '100174', // apparel: Lowtide Lumen Pro Model Jacket
  '100179', // snow: Powder Hound Drift Pro Model Gloves
  '100193', // protection: Gravel & Grit Nova Team Knee pads
]);

/** When they stopped being sold: the end of September before the seed's reference date. */
export const DISCONTINUED_AT = new Date(`${SEED_REFERENCE_DATE.slice(0, 4)}-09-30T00:00:00Z`);

/**
 * A discontinued product with a successor: its page redirects (301) to the first product still sold in its category
 * (seed-database.ts). The others keep their "not available" page, which the storefront's tests read.
 */
export const SUCCEEDED_PRODUCT_ID = '100165';
