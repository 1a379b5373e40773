/**
 * Content documents for other modules (ADR 016): the forms module reads a form's definition and the modals of an
 * area and language through these. Bodies come back as stored; the caller parses them with the contract's schema.
 */
import type { ContentDocumentKind } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import {
  type ContentDocumentRow,
  type DocumentScope,
  findDocumentsByKeys,
  findDocumentsOfKind,
} from './content-document.repository.ts';

/** The document of this kind and key in the area and language; null when there is none. */
export async function findContentDocument(
  ctx: RequestContext,
  input: { scope: DocumentScope; kind: ContentDocumentKind; key: string },
): Promise<ContentDocumentRow | null> {
  const [row] = await findDocumentsByKeys(ctx.db, input.scope, input.kind, [input.key]);
  return row ?? null;
}

/** Every document of this kind in the area and language, by key. */
export async function listContentDocuments(
  ctx: RequestContext,
  input: { scope: DocumentScope; kind: ContentDocumentKind },
): Promise<ContentDocumentRow[]> {
  return findDocumentsOfKind(ctx.db, input.scope, input.kind);
}
