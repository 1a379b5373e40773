/**
 * GET /api/Content/DummyToGetModels (spec §7): one example of each content model, so code generators reading the
 * OpenAPI document see every model; the examples are real content of the default area (spec §9: eu, en-GB).
 */
import {
  type ContentModal,
  DEFAULT_AREA_ID,
  DEFAULT_LANGUAGE_CODE,
  type DummyToGetModelsResponse,
  type FormDefinition,
} from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { type ContentSources, toFormDefinition } from './content-blocks.service.ts';
import {
  type DocumentScope,
  findDocumentsByKeys,
  findFirstDocument,
  findTranslations,
} from './content-document.repository.ts';
import { readDocumentBody } from './content-document-body.ts';
import { findContentPage } from './content-page.service.ts';
import { toContentElements } from './element.service.ts';

/** The form every area has (spec: contact page), shown as the form example. */
const EXAMPLE_FORM_KEY = 'contact';

async function findExampleForm(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
): Promise<FormDefinition | null> {
  const [row] = await findDocumentsByKeys(ctx.db, scope, 'form', [EXAMPLE_FORM_KEY]);
  const body = row === undefined ? null : readDocumentBody(row, 'form', sources.log);
  return row === undefined || body === null ? null : toFormDefinition(row, body);
}

async function findExampleModal(
  ctx: RequestContext,
  sources: ContentSources,
  scope: DocumentScope,
): Promise<ContentModal | null> {
  const row = await findFirstDocument(ctx.db, scope, 'modal');
  const body = row === null ? null : readDocumentBody(row, 'modal', sources.log);
  if (row === null || body === null) return null;
  return {
    id: row.key,
    title: row.title,
    content: body.content,
    dismissLabel: body.dismissLabel,
    frequency: body.frequency,
    version: body.version,
    audience: body.audience,
    pathPrefixes: body.pathPrefixes,
  };
}

/** The home page, the first element by id, the `contact` form, the first modal and the texts; null where absent. */
export async function dummyToGetModels(
  ctx: RequestContext,
  sources: ContentSources,
): Promise<DummyToGetModelsResponse> {
  const scope: DocumentScope = { areaId: DEFAULT_AREA_ID, languageCode: DEFAULT_LANGUAGE_CODE };
  const firstElement = await findFirstDocument(ctx.db, scope, 'element');
  const [page, elements, form, modal, translations] = await Promise.all([
    findContentPage(ctx, sources, scope, '/', undefined),
    firstElement === null ? [] : toContentElements(ctx, sources, scope, [firstElement], undefined),
    findExampleForm(ctx, sources, scope),
    findExampleModal(ctx, sources, scope),
    findTranslations(ctx.db, scope),
  ]);
  return {
    page,
    element: elements[0] ?? null,
    form,
    modal,
    translations: { areaId: DEFAULT_AREA_ID, languageCode: DEFAULT_LANGUAGE_CODE, translations },
  };
}
