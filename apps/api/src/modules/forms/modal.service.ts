/** POST /api/Modal/GetModalRequest (issue 10 §3): the modals defined in content that apply to a page. */
import {
  type ContentModal,
  contentDocumentBodySchema,
  type GetModalRequestBody,
  type GetModalRequestResponse,
  isInAudience,
} from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { listContentDocuments } from '../content/content-document.service.ts';
import { toContentPath } from '../content/content-path.ts';
import { isPathCoveredByPrefix } from './modal-matching.ts';

/**
 * The area and language's modals with a path prefix covering the page's path (language prefix, query string and
 * trailing slash stripped as for content pages) and an audience that includes the caller: anonymous without a user
 * on the request, logged-in with one (an impersonating rep counts as logged in). Ordered by id. A stored modal
 * whose body no longer fits the contract is left out, so one broken document cannot break every page.
 */
export async function getModalRequest(
  ctx: RequestContext,
  input: GetModalRequestBody,
): Promise<GetModalRequestResponse> {
  const path = toContentPath(input.url);
  const scope = { areaId: input.area.areaId, languageCode: input.area.languageCode };
  const rows = await listContentDocuments(ctx, { scope, kind: 'modal' });
  const modals: ContentModal[] = [];
  for (const row of rows) {
    const parsed = contentDocumentBodySchema.safeParse(row.body);
    if (!parsed.success || parsed.data.kind !== 'modal') continue;
    const { kind: _kind, ...modal } = parsed.data;
    if (!isInAudience(modal.audience, ctx.user !== null)) continue;
    if (!modal.pathPrefixes.some((prefix) => isPathCoveredByPrefix(path, prefix))) continue;
    modals.push({ id: row.key, title: row.title, ...modal });
  }
  return { modals };
}
