/**
 * Database rows → the contract's Product (spec §3), per lookup template (spec §9: page, frontpage, product-cart).
 * Pure functions, so the template rules are tested without a database.
 */
import type { LookupTemplate, Product, Specifications, Variant } from '@b2b/contract';
import { lineLimitOf } from '../customer/buying-limits.ts';
import type { CategoryTree } from '../search/category-tree.ts';
import type { ProductRow, VariantRow } from './product.repository.ts';

function toVariant(row: VariantRow): Variant {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    colour: row.colour,
    stockLevel: row.available,
    newStockDate: row.newStockDate,
  };
}

/** `$meta` is an object among string attributes; TypeScript cannot express that literal without a cast. */
function createSpecifications(brand: string, meta: Record<string, string>): Specifications {
  return { brand, $meta: meta } as Specifications;
}

/** Specifications as the contract wants them: brand always present, `$meta` always an object. */
function toSpecifications(row: ProductRow): Specifications {
  const stored = (row.specifications ?? { $meta: {} }) as Record<string, unknown>;
  const specifications = createSpecifications(row.brandName, {});
  for (const [key, value] of Object.entries(stored)) {
    if (key === '$meta') {
      if (value && typeof value === 'object') specifications.$meta = value as Record<string, string>;
    } else if (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))) {
      specifications[key] = value;
    }
  }
  specifications.brand = row.brandName;
  return specifications;
}

/**
 * One product. `product-cart` (spec §4 Cart: products of the cart are loaded with it) is the slim form the cart
 * needs — name, url, variants, the images (one per colour, so a line shows its variant's colour) — still in the
 * Product shape; other templates get everything.
 */
export function toProduct(
  row: ProductRow,
  variants: readonly VariantRow[],
  categories: CategoryTree,
  template: LookupTemplate | undefined,
): Product {
  const isSlim = template === 'product-cart';
  const images = row.media.filter((media) => media.type === 'image');
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    description: isSlim ? '' : row.description,
    url: row.url,
    urls: [row.url],
    unitOfMeasure: row.unitOfMeasure,
    variants: variants.map(toVariant),
    media: images,
    documents: isSlim
      ? []
      : row.media.flatMap((media) => (media.type === 'document' ? [{ name: media.name, url: media.url }] : [])),
    // Root first, so a product page can show the path as breadcrumbs.
    categories: isSlim
      ? []
      : categories
          .listPath(row.categoryId)
          .map((category) => ({ id: category.id, name: category.name, url: category.url })),
    specifications: isSlim ? createSpecifications(row.brandName, {}) : toSpecifications(row),
    stockLevel: row.stockLevel,
    newStockDate: row.newStockDate,
    maxLineQuantity: lineLimitOf(row.maxLineQuantity),
  };
}
