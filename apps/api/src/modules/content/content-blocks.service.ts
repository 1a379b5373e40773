/**
 * Block resolution (issue 10): turns stored blocks into what the storefront renders. Pages and elements share it.
 * - productCarousel: its products, by `productIds` in that order or by `searchQuery` on the search index, unknown
 *   and discontinued products left out; no prices (the storefront asks the price call when logged in, spec §1);
 * - categoryTiles: names, URLs and product counts from the catalogue's category tree, unknown categories left out;
 * - form: the form document's definition (never its recipient);
 * - element: replaced by the element's block, one level deep (an element that includes an element is left out).
 */
import {
  type ContentBlock,
  type ContentDocumentBody,
  type FormDefinition,
  type LookupTemplate,
  type Product,
  type ResolvedContentBlock,
  SORTING_OPTIONS,
} from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { loadProducts } from '../product/product.service.ts';
import type { SearchCatalogue } from '../search/search-catalogue.ts';
import { type ContentDocumentRow, type DocumentScope, findDocumentsByKeys } from './content-document.repository.ts';
import { type ContentLog, readDocumentBody } from './content-document-body.ts';
import { findDiscontinuedProductIds } from './product-availability.repository.ts';

/** What resolution reads besides the database: the catalogue snapshot and the request's logger. */
export type ContentSources = { catalogue: SearchCatalogue; log: ContentLog };

type CarouselProduct = Pick<
  Product,
  'id' | 'name' | 'url' | 'media' | 'specifications' | 'stockLevel' | 'newStockDate' | 'variants' | 'unitOfMeasure'
>;

type FormBody = Extract<ContentDocumentBody, { kind: 'form' }>;

type StoredBlock<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>;

/** Carousels found by a search query list them as the search page does by default (spec §9 first sorting). */
const CAROUSEL_SORTING = SORTING_OPTIONS[0]?.sortings ?? [];

function toCarouselProduct(product: Product): CarouselProduct {
  return {
    id: product.id,
    name: product.name,
    url: product.url,
    media: product.media,
    specifications: product.specifications,
    stockLevel: product.stockLevel,
    newStockDate: product.newStockDate,
    variants: product.variants,
    unitOfMeasure: product.unitOfMeasure,
  };
}

/**
 * The sellable products among `ids`, keyed by id, as product cards show them (the lookup template as the product
 * calls honour it). Unknown and discontinued ids are absent.
 */
export async function findCarouselProducts(
  ctx: RequestContext,
  catalogue: SearchCatalogue,
  ids: readonly string[],
  template: LookupTemplate | undefined,
): Promise<Map<string, CarouselProduct>> {
  const unique = [...new Set(ids)];
  const [products, discontinued] = await Promise.all([
    loadProducts(ctx, { ids: unique, template }, catalogue.categories),
    findDiscontinuedProductIds(ctx.db, unique),
  ]);
  const found = new Map<string, CarouselProduct>();
  for (const [id, product] of products) {
    if (discontinued.has(id)) continue;
    found.set(id, toCarouselProduct(product));
  }
  return found;
}

/** The product ids a carousel asks for, before unknown and discontinued ones are left out. */
function listCarouselProductIds(block: StoredBlock<'productCarousel'>, catalogue: SearchCatalogue): string[] {
  if (block.productIds !== undefined && block.productIds.length > 0) return block.productIds;
  if (block.searchQuery === undefined) return [];
  const text = block.searchQuery.trim();
  const result = catalogue.index.search({
    ...(text === '' ? {} : { text }),
    sort: CAROUSEL_SORTING,
    take: block.take,
  });
  return result.hits.map((hit) => hit.id);
}

/** Element blocks replaced by the elements' own blocks (one level); missing or nesting elements become null. */
async function expandElements(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  blocks: readonly ContentBlock[],
): Promise<Array<ContentBlock | null>> {
  const keys = [...new Set(blocks.flatMap((block) => (block.type === 'element' ? [block.elementId] : [])))];
  const included = new Map<string, ContentBlock>();
  for (const row of await findDocumentsByKeys(ctx.db, scope, 'element', keys)) {
    const body = readDocumentBody(row, 'element', sources.log);
    if (body === null) continue;
    if (body.block.type === 'element') {
      sources.log.warn({ key: row.key }, 'content element includes another element; skipped');
      continue;
    }
    included.set(row.key, body.block);
  }
  return blocks.map((block) => {
    if (block.type !== 'element') return block;
    const element = included.get(block.elementId);
    if (element === undefined) {
      sources.log.warn({ elementId: block.elementId }, 'content element not found; block skipped');
      return null;
    }
    // The including block's id: the same element twice on one page still gives distinct keys and anchors. Its
    // audience, when it has one, wins: the page decides who sees a shared banner there.
    return { ...element, id: block.id, ...(block.audience === undefined ? {} : { audience: block.audience }) };
  });
}

/** A form document as the storefront shows it: the recipient stays on the server (SendForm mails it there). */
export function toFormDefinition(row: ContentDocumentRow, body: FormBody): FormDefinition {
  return {
    id: row.key,
    title: row.title,
    intro: body.intro,
    fields: body.fields,
    submitLabel: body.submitLabel,
    successMessage: body.successMessage,
  };
}

async function findForms(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  keys: readonly string[],
): Promise<Map<string, FormDefinition>> {
  const forms = new Map<string, FormDefinition>();
  for (const row of await findDocumentsByKeys(ctx.db, scope, 'form', [...new Set(keys)])) {
    const body = readDocumentBody(row, 'form', sources.log);
    if (body === null) continue;
    forms.set(row.key, toFormDefinition(row, body));
  }
  return forms;
}

/**
 * Each stored block resolved for the storefront, position for position; null where a block is left out (a missing
 * element or form, an element including an element). Elements of a search resolve together through this.
 */
export async function resolveEachBlock(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  stored: readonly ContentBlock[],
  template: LookupTemplate | undefined,
): Promise<Array<ResolvedContentBlock | null>> {
  const { catalogue, log } = sources;
  const blocks = await expandElements(ctx, sources, scope, stored);

  const carouselIds = blocks.map((block) =>
    block?.type === 'productCarousel' ? listCarouselProductIds(block, catalogue) : [],
  );
  const [products, forms] = await Promise.all([
    findCarouselProducts(ctx, catalogue, carouselIds.flat(), template),
    findForms(
      ctx,
      sources,
      scope,
      blocks.flatMap((block) => (block?.type === 'form' ? [block.formId] : [])),
    ),
  ]);

  return blocks.map((block, position): ResolvedContentBlock | null => {
    if (block === null) return null;
    switch (block.type) {
      case 'productCarousel': {
        const found = (carouselIds[position] ?? []).flatMap((id) => products.get(id) ?? []);
        return { ...block, products: found.slice(0, block.take) };
      }
      case 'categoryTiles': {
        const tiles = block.tiles.flatMap((tile) => {
          const category = catalogue.categories.get(tile.categoryId);
          if (category === undefined) return [];
          return [
            {
              categoryId: category.id,
              name: category.name,
              url: category.url,
              // Products of the category and its descendants, as its listing page counts them.
              productCount: catalogue.index.search({ categoryId: category.id, take: 0 }).total,
              ...(tile.image === undefined ? {} : { image: tile.image }),
            },
          ];
        });
        return { ...block, tiles };
      }
      case 'form': {
        const form = forms.get(block.formId);
        if (form === undefined) {
          log.warn({ formId: block.formId }, 'content form not found; block skipped');
          return null;
        }
        return { ...block, form };
      }
      case 'element':
        // expandElements has replaced every element block.
        return null;
      default:
        return block;
    }
  });
}

/** The stored blocks of a page, resolved for the storefront, in their order; blocks left out are dropped. */
export async function resolveBlocks(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  stored: readonly ContentBlock[],
  template: LookupTemplate | undefined,
): Promise<ResolvedContentBlock[]> {
  const resolved = await resolveEachBlock(ctx, sources, scope, stored, template);
  return resolved.filter((block) => block !== null);
}
