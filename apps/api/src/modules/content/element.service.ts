/**
 * Reusable content elements (spec §7 GetElementById, GetElementsByIds, GetElementsBySearch): blocks addressed by id,
 * resolved as on a page.
 */
import type {
  ContentBlock,
  ContentElement,
  GetElementByIdBody,
  GetElementsByIdsBody,
  GetElementsBySearchBody,
  LookupTemplate,
} from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type ContentSources, resolveEachBlock } from './content-blocks.service.ts';
import {
  type ContentDocumentRow,
  type DocumentScope,
  findDocumentsByKeys,
  searchElements,
} from './content-document.repository.ts';
import { readDocumentBody } from './content-document-body.ts';

/**
 * Stored elements as the storefront receives them, in the order given. An element that cannot be shown (unreadable,
 * including another element, naming a missing form) is left out.
 */
export async function toContentElements(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  rows: readonly ContentDocumentRow[],
  template: LookupTemplate | undefined,
): Promise<ContentElement[]> {
  const readable = rows.flatMap((row) => {
    const body = readDocumentBody(row, 'element', sources.log);
    if (body === null) return [];
    // One level only: an element showing another element is refused (the storefront never nests them).
    if (body.block.type === 'element') {
      sources.log.warn({ key: row.key }, 'content element includes another element; skipped');
      return [];
    }
    return [{ row, block: body.block as ContentBlock }];
  });
  const resolved = await resolveEachBlock(
    ctx,
    sources,
    scope,
    readable.map((element) => element.block),
    template,
  );
  return readable.flatMap(({ row }, position) => {
    const block = resolved[position];
    if (block === null || block === undefined) return [];
    return [{ id: row.key, name: row.title, updatedAt: row.updatedAt.toISOString(), block }];
  });
}

function scopeOf(area: GetElementByIdBody['area']): DocumentScope {
  return { areaId: area.areaId, languageCode: area.languageCode };
}

/** POST /api/Content/GetElementById (public): the element, or 404 when the area and language have none by that id. */
export async function getElementById(
  ctx: RequestContext,
  input: GetElementByIdBody,
  sources: ContentSources,
): Promise<{ element: ContentElement }> {
  const scope = scopeOf(input.area);
  const rows = await findDocumentsByKeys(ctx.db, scope, 'element', [input.id]);
  const [element] = await toContentElements(ctx, sources, scope, rows, input.lookupTemplate);
  if (element === undefined) throw new AppError('NotFoundException', `Element ${input.id} was not found.`);
  return { element };
}

/** POST /api/Content/GetElementsByIds (public): the elements found, in the order asked; unknown ids left out. */
export async function getElementsByIds(
  ctx: RequestContext,
  input: GetElementsByIdsBody,
  sources: ContentSources,
): Promise<{ elements: ContentElement[] }> {
  const scope = scopeOf(input.area);
  const ids = [...new Set(input.ids)];
  const byKey = new Map((await findDocumentsByKeys(ctx.db, scope, 'element', ids)).map((row) => [row.key, row]));
  const rows = ids.flatMap((id) => byKey.get(id) ?? []);
  return { elements: await toContentElements(ctx, sources, scope, rows, input.lookupTemplate) };
}

/**
 * POST /api/Content/GetElementsBySearch (public): elements whose id, name or block text contains `search`, of one
 * block type if given, by id, one page of them. `total` counts the stored matches; an element that cannot be shown
 * is left out of its page without changing it.
 */
export async function getElementsBySearch(
  ctx: RequestContext,
  input: GetElementsBySearchBody,
  sources: ContentSources,
): Promise<{ elements: ContentElement[]; total: number }> {
  const scope = scopeOf(input.area);
  const { rows, total } = await searchElements(ctx.db, scope, {
    search: input.search,
    blockType: input.blockType,
    skip: input.skip,
    take: input.take,
  });
  return { elements: await toContentElements(ctx, sources, scope, rows, input.lookupTemplate), total };
}
