/**
 * Content pages (issue 10, spec §2 catch-all content pages): page documents by content path, and the landing page
 * of a category, with their blocks resolved.
 */
import type { ContentPage, LookupTemplate } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { type ContentSources, resolveBlocks } from './content-blocks.service.ts';
import {
  type ContentDocumentRow,
  type DocumentScope,
  findLandingPageByCategoryId,
  findPageByUrl,
} from './content-document.repository.ts';
import { readPageBody } from './content-document-body.ts';

/** A stored page as the storefront receives it; null when its body is unreadable (see content-document-body.ts). */
async function toContentPage(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  row: ContentDocumentRow,
  template: LookupTemplate | undefined,
): Promise<ContentPage | null> {
  const body = readPageBody(row, sources.log);
  if (body === null || row.url === null) return null;
  return {
    id: row.key,
    url: row.url,
    title: row.title,
    description: body.description,
    template: body.template,
    categoryId: body.categoryId,
    updatedAt: row.updatedAt.toISOString(),
    blocks: await resolveBlocks(ctx, sources, scope, body.blocks, template),
  };
}

/** The page stored under a content path (`/` is the home page), or null. */
export async function findContentPage(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  url: string,
  template: LookupTemplate | undefined,
): Promise<ContentPage | null> {
  const row = await findPageByUrl(ctx.db, scope, url);
  return row === null ? null : toContentPage(ctx, sources, scope, row, template);
}

/** The landing page of a category (the page whose `categoryId` names it), or null. */
export async function findLandingPage(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  categoryId: string,
  template: LookupTemplate | undefined,
): Promise<ContentPage | null> {
  const row = await findLandingPageByCategoryId(ctx.db, scope, categoryId);
  return row === null ? null : toContentPage(ctx, sources, scope, row, template);
}
