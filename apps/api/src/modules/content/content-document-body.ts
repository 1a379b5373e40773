/**
 * Reading stored document bodies (issue 10: "validated by the contract's schema when written and when read"). A body
 * written before a schema change, or by hand, must not turn a storefront page into a 500:
 * - a page whose envelope (kind, description, template, categoryId, a list of blocks) is unreadable is treated as
 *   absent, so its URL answers status 404 like an unknown path;
 * - a page block the schema refuses (e.g. a rich-text link to `javascript:`) is left out and the rest is shown;
 * - an element, form or modal whose body is unreadable is treated as absent (the block showing it is left out).
 * Every refusal is logged with the document's key, so an editor's mistake is found.
 */
import {
  type ContentBlock,
  type ContentDocumentBody,
  type ContentDocumentKind,
  contentBlockSchema,
  contentDocumentBodySchema,
  MAX_CONTENT_BLOCKS,
} from '@b2b/contract';
import { z } from 'zod';

/** Where refusals are reported (the request's logger). */
export type ContentLog = { warn(object: object, message: string): void };

type StoredDocument = { key: string; kind: string; body: unknown };

type BodyOf<K extends ContentDocumentKind> = Extract<ContentDocumentBody, { kind: K }>;

const PAGE_BODY_SCHEMA = contentDocumentBodySchema.options[0];

/** A page body whose blocks are read one by one, so one bad block does not hide the page. */
const pageEnvelopeSchema = PAGE_BODY_SCHEMA.extend({ blocks: z.array(z.unknown()).max(MAX_CONTENT_BLOCKS) });

function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
}

/** A page body with the blocks the schema accepts; null when the page itself is unreadable. */
export function readPageBody(document: StoredDocument, log: ContentLog): BodyOf<'page'> | null {
  const envelope = pageEnvelopeSchema.safeParse(document.body);
  if (!envelope.success) {
    log.warn({ key: document.key, issues: describeIssues(envelope.error) }, 'content page unreadable; answered 404');
    return null;
  }
  const blocks: ContentBlock[] = [];
  envelope.data.blocks.forEach((stored, position) => {
    const block = contentBlockSchema.safeParse(stored);
    if (block.success) blocks.push(block.data);
    else log.warn({ key: document.key, position, issues: describeIssues(block.error) }, 'content block skipped');
  });
  return { ...envelope.data, blocks };
}

/** An element, form or modal body of the expected kind; null (logged) when it is unreadable. */
export function readDocumentBody<K extends Exclude<ContentDocumentKind, 'page'>>(
  document: StoredDocument,
  kind: K,
  log: ContentLog,
): BodyOf<K> | null {
  const body = contentDocumentBodySchema.safeParse(document.body);
  if (!body.success) {
    log.warn({ key: document.key, kind, issues: describeIssues(body.error) }, 'content document unreadable; skipped');
    return null;
  }
  if (body.data.kind !== kind || document.kind !== kind) {
    log.warn({ key: document.key, kind, stored: body.data.kind }, 'content document of another kind; skipped');
    return null;
  }
  return body.data as BodyOf<K>;
}
