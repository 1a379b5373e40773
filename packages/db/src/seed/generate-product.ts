/**
 * Generates one product with its variants, stock, prices and image. Each product draws from its own random stream
 * (seed + index), so product N is identical in a 200-product and a 100,000-product catalogue.
 */
import type { mediaFiles, prices, products, productVariants, stockLevels } from '../schema.ts';
import {
  BRANDS,
  COLOURS,
  DESCRIPTION_OPENERS,
  EDITIONS,
  MODEL_NAMES,
  SEASONS,
  type SeedBrand,
  type SeedLeafCategory,
  type SeedRootCategory,
} from './catalogue-data.ts';
import { SEED_CURRENCIES, type SeedCurrency, toGroupPriceListId, toListPriceId } from './price-lists.ts';
import { renderProductSvg, toProductImagePath, toRawImageUrl } from './product-image.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';
import { addDays, SEED_REFERENCE_DATE } from './reference-date.ts';

/** Item numbers start here, so they all have six digits up to 899,999 products. */
export const FIRST_PRODUCT_NUMBER = 100_000;

/** Relative weights of 1…8 variants per product: mean ≈ 5, so the catalogue has well over 4 variants per product. */
const VARIANT_COUNT_WEIGHTS = [4, 7, 10, 18, 20, 17, 12, 12] as const;
const VARIANT_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** Share of products with a before price, and of products no price group discounts (net = list price). */
const BEFORE_PRICE_SHARE = 0.15;
const NO_GROUP_PRICE_SHARE = 0.05;

export type LeafCategoryRef = { id: string; root: SeedRootCategory; leaf: SeedLeafCategory };

/** What the generator needs besides the index: the leaves and the per-group, per-brand discounts. */
export type ProductGenerationContext = {
  seed: number;
  leaves: readonly LeafCategoryRef[];
  /** Brands per root category, precomputed. */
  brandsByRoot: ReadonlyMap<string, readonly SeedBrand[]>;
  /** Discount in basis points per price group id and brand id. */
  groupDiscounts: ReadonlyMap<string, ReadonlyMap<string, number>>;
};

export type GeneratedProduct = {
  product: typeof products.$inferInsert;
  variants: Array<typeof productVariants.$inferInsert>;
  stock: Array<typeof stockLevels.$inferInsert>;
  prices: Array<typeof prices.$inferInsert>;
  /** One image per variant colour, the main (first variant's) colour first; products of the same type, brand and
   * colour share a path (the seed stores each path once). */
  mediaFiles: Array<typeof mediaFiles.$inferInsert>;
};

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Rounds a price in minor units to a retail-looking ending: x.95 EUR, x.99 USD, whole kroner ending in 9 for XNOK. */
function roundRetail(minor: number, currency: SeedCurrency): number {
  if (currency === 'XNOK') {
    const kroner = Math.round(minor / 100);
    return (kroner >= 100 ? Math.max(9, Math.round(kroner / 10) * 10 - 1) : kroner) * 100;
  }
  const ending = currency === 'EUR' ? 95 : 99;
  return Math.max(0, Math.round((minor - ending) / 100)) * 100 + ending;
}

/** EUR list price → the other currencies (USD ≈ 1.1 ×, XNOK ≈ 11.5 ×). */
const CURRENCY_FACTORS: Record<SeedCurrency, number> = { EUR: 1, USD: 1.1, XNOK: 11.5 };

function generateVariants(random: Random, productId: string, productName: string, leaf: SeedLeafCategory) {
  const count = random.pickWeighted(VARIANT_COUNTS, VARIANT_COUNT_WEIGHTS);
  const sizes = leaf.sizes.length > 0 ? leaf.sizes : [null];
  const colourCount = Math.max(Math.ceil(count / sizes.length), random.int(1, Math.min(3, count)));
  const sizesPerColour = Math.ceil(count / colourCount);
  const firstSize = random.int(0, sizes.length - sizesPerColour);
  const sizeRun = sizes.slice(firstSize, firstSize + sizesPerColour);
  const colours = random.sample(COLOURS, colourCount);
  const variants: Array<{ id: string; name: string; size: string | null; colour: string; colourHex: string }> = [];
  for (const colour of colours) {
    for (const size of sizeRun) {
      if (variants.length === count) break;
      const id = `${productId}-${String(variants.length + 1).padStart(2, '0')}`;
      const name = size ? `${productName}, ${colour.name}, ${size}` : `${productName}, ${colour.name}`;
      variants.push({ id, name, size, colour: colour.name, colourHex: colour.hex });
    }
  }
  return variants;
}

/** Available quantity: ~15 % none, ~15 % low (1–4), the rest 5–400 with most of them small. */
function generateAvailableQuantity(random: Random): number {
  const roll = random.next();
  if (roll < 0.15) return 0;
  if (roll < 0.3) return random.int(1, 4);
  return 5 + Math.floor(random.next() ** 2 * 395);
}

/**
 * Most units of one variant a cart line may hold, by the product's price (EUR list, minor units): a shop orders a
 * few dozen caps or wax bars at a time, a handful of boards. About 20 × such an order; no random draw, so adding it
 * left every other generated value as it was.
 */
export function maxLineQuantityForPrice(eurMinor: number): number {
  if (eurMinor < 2_000) return 1_000;
  if (eurMinor < 10_000) return 500;
  if (eurMinor < 30_000) return 200;
  return 100;
}

/** Generates product number `index` (0-based) of the catalogue. */
export function generateProduct(index: number, context: ProductGenerationContext): GeneratedProduct {
  const random = createRandom(deriveSeed(context.seed, 'product', index));
  const id = String(FIRST_PRODUCT_NUMBER + index);
  const category = random.pick(context.leaves);
  const { leaf, root } = category;
  const brand = random.pick(context.brandsByRoot.get(root.id) ?? BRANDS);
  const model = random.pick(MODEL_NAMES);
  const edition = random.pick(EDITIONS);
  const name = [brand.name, model, edition, leaf.noun].filter(Boolean).join(' ');
  const material = random.pick(leaf.materials);
  const gender = random.pick(leaf.genders);
  const season = random.pick(SEASONS);

  const variants = generateVariants(random, id, name, leaf);
  const stock = variants.map((variant) => {
    const available = generateAvailableQuantity(random);
    const reserved = random.chance(0.2) ? random.int(1, 10) : 0;
    const newStockDate = random.chance(0.85) ? addDays(SEED_REFERENCE_DATE, -random.int(0, 364)) : null;
    return { variantId: variant.id, quantityOnHand: available + reserved, quantityReserved: reserved, newStockDate };
  });
  const stockLevel = stock.reduce((sum, row) => sum + row.quantityOnHand - row.quantityReserved, 0);
  const newStockDate = stock.reduce<string | null>(
    (latest, row) => (row.newStockDate && (!latest || row.newStockDate > latest) ? row.newStockDate : latest),
    null,
  );

  // One view per colour (issue 11): the product's media lists them in variant order, the main image first.
  const imageColours = [...new Map(variants.map((variant) => [variant.colour, variant.colourHex])).entries()];
  const images = imageColours.map(([colourName, colourHex]) => {
    const path = toProductImagePath({ leafSlug: leaf.slug, brandId: brand.id, colourName });
    const svg = renderProductSvg({
      leafSlug: leaf.slug,
      colour: colourHex,
      brandName: brand.name,
      label: `${leaf.noun} · ${colourName}`,
    });
    return { colourName, path, svg };
  });

  const eurMinor = random.int(leaf.priceRange[0] * 100, leaf.priceRange[1] * 100);
  const beforeFactor = random.chance(BEFORE_PRICE_SHARE) ? 1.15 + random.next() * 0.25 : null;
  const hasGroupPrices = !random.chance(NO_GROUP_PRICE_SHARE);
  const priceRows: GeneratedProduct['prices'] = [];
  for (const currency of SEED_CURRENCIES) {
    const listMinor = roundRetail(eurMinor * CURRENCY_FACTORS[currency], currency);
    const beforeMinor = beforeFactor ? roundRetail(listMinor * beforeFactor, currency) : null;
    priceRows.push({
      priceListId: toListPriceId(currency),
      productId: id,
      unitPriceMinor: listMinor,
      beforePriceMinor: beforeMinor,
    });
    if (!hasGroupPrices) continue;
    for (const [groupId, discounts] of context.groupDiscounts) {
      const discountBasisPoints = discounts.get(brand.id) ?? 0;
      priceRows.push({
        priceListId: toGroupPriceListId(groupId, currency),
        productId: id,
        unitPriceMinor: Math.round((listMinor * (10_000 - discountBasisPoints)) / 10_000),
        beforePriceMinor: null,
      });
    }
  }

  const sizes = [...new Set(variants.map((variant) => variant.size).filter((size) => size !== null))];
  const colours = [...new Set(variants.map((variant) => variant.colour))];
  return {
    product: {
      id,
      parentId: null,
      name,
      description: `${random.pick(DESCRIPTION_OPENERS)} ${leaf.noun} in ${material.toLowerCase()} from ${brand.name}, ${season}. Available in ${colours.join(', ')}${sizes.length > 0 ? ` and sizes ${sizes.join(', ')}` : ''}.`,
      url: `/p/${slugify(`${brand.name} ${model} ${edition} ${leaf.noun}`)}-${id}`,
      brandId: brand.id,
      categoryId: category.id,
      unitOfMeasure: 'STK',
      specifications: {
        brand: brand.name,
        material,
        gender,
        season,
        $meta: {
          brand: 'Brand',
          material: 'Material',
          gender: 'Gender',
          season: 'Season',
          size: 'Size',
          colour: 'Colour',
        },
      },
      media: images.map((image) => ({
        type: 'image' as const,
        url: toRawImageUrl(image.path),
        alt: images.length > 1 ? `${name}, ${image.colourName}` : name,
      })),
      stockLevel,
      newStockDate,
      maxLineQuantity: maxLineQuantityForPrice(eurMinor),
      updatedAt: new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`),
    },
    variants: variants.map((variant, position) => ({
      id: variant.id,
      productId: id,
      name: variant.name,
      size: variant.size,
      colour: variant.colour,
      sortOrder: position,
    })),
    stock,
    prices: priceRows,
    mediaFiles: images.map((image) => ({
      path: image.path,
      contentType: 'image/svg+xml',
      body: Buffer.from(image.svg, 'utf8'),
    })),
  };
}
