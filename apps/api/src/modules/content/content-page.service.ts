/**
 * Content pages (issue 10, spec §2 catch-all content pages): page documents by content path, and the landing page
 * of a category, with their blocks resolved.
 */
import type { ContentPage, LookupTemplate } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type ContentViewer, canOpenPage, refusalOf } from './content-access.ts';
import { type ContentSources, resolveBlocks } from './content-blocks.service.ts';
import {
  type ContentDocumentRow,
  type DocumentScope,
  findLandingPageByCategoryId,
  findPageByUrl,
} from './content-document.repository.ts';
import { readPageBody } from './content-document-body.ts';

/** The caller as the page rule sees them: the logged-in user (a sales rep also while acting for a customer). */
function viewerOf(ctx: RequestContext): ContentViewer {
  return ctx.user === null ? null : { roles: ctx.user.roles };
}

/**
 * A stored page as the storefront receives it; null when its body is unreadable (see content-document-body.ts).
 * A page the caller may not open (its `visibleTo`) is refused with 403, or, with `whenRefused: 'absent'`, is null.
 */
async function toContentPage(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  row: ContentDocumentRow,
  template: LookupTemplate | undefined,
  whenRefused: 'forbidden' | 'absent',
): Promise<ContentPage | null> {
  const body = readPageBody(row, sources.log);
  if (body === null || row.url === null) return null;
  const viewer = viewerOf(ctx);
  if (body.visibleTo !== undefined && !canOpenPage(body.visibleTo, viewer)) {
    if (whenRefused === 'absent') return null;
    throw new AppError('ForbiddenException', refusalOf(body.visibleTo, viewer));
  }
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

/** The page stored under a content path (`/` is the home page), or null; 403 when the caller may not open it. */
export async function findContentPage(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  url: string,
  template: LookupTemplate | undefined,
): Promise<ContentPage | null> {
  const row = await findPageByUrl(ctx.db, scope, url);
  return row === null ? null : toContentPage(ctx, sources, scope, row, template, 'forbidden');
}

/**
 * The landing page of a category (the page whose `categoryId` names it), or null, also when the caller may not open
 * it: the category's listing is everyone's, so a restricted landing page leaves the listing without its blocks.
 */
export async function findLandingPage(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
  categoryId: string,
  template: LookupTemplate | undefined,
): Promise<ContentPage | null> {
  const row = await findLandingPageByCategoryId(ctx.db, scope, categoryId);
  return row === null ? null : toContentPage(ctx, sources, scope, row, template, 'absent');
}
