import type { DiscountCode } from '@b2b/contract/campaign';

/**
 * One discount splash as a product card or page shows it (spec §3 Discount splash, issue 27): the discount code's
 * label (else its name) on its colours. Browser-safe: the server resolves the codes, the browser only draws them.
 */
export type SplashView = { id: string; label: string; backgroundColor: string; textColor: string };

/** Splashes by product id; a product without splashes has no entry. */
export type SplashMap = Record<string, SplashView[]>;

/** The shop's neutral splash colours, for a code that names none (dark on light: 15.3 : 1). */
const DEFAULT_BACKGROUND = '#f5f5f5';
const DEFAULT_TEXT = '#171717';

/**
 * The product's splashes in the order the API lists them, as views; ids the area settings do not know are left out
 * (a code removed from the settings must not leave an empty badge behind).
 */
export function toSplashViews(
  discountCodeIds: readonly string[],
  discountCodes: readonly DiscountCode[],
): SplashView[] {
  const byId = new Map(discountCodes.map((code) => [code.id, code]));
  const views: SplashView[] = [];
  for (const id of discountCodeIds) {
    const code = byId.get(id);
    if (!code) continue;
    const label = code.properties.label?.trim() || code.name;
    views.push({
      id,
      label,
      backgroundColor: code.properties.backgroundColor || DEFAULT_BACKGROUND,
      textColor: code.properties.textColor || DEFAULT_TEXT,
    });
  }
  return views;
}

/** Every product's splash views, keyed by product id; products with none are left out. */
export function toSplashMap(
  discountSplashes: Readonly<Record<string, readonly string[]>>,
  discountCodes: readonly DiscountCode[],
): SplashMap {
  const map: SplashMap = {};
  for (const [productId, ids] of Object.entries(discountSplashes)) {
    const views = toSplashViews(ids, discountCodes);
    if (views.length > 0) map[productId] = views;
  }
  return map;
}
