/**
 * The demo content documents of one area (issue 10): pages, elements, forms and the first-visit modal, each body
 * checked against the contract's `contentDocumentBodySchema` before it is stored, so the seed can never write a
 * document the API would refuse to read.
 */
import { type AreaId, type ContentDocumentBody, contentDocumentBodySchema } from '@b2b/contract';
import type { contentDocuments } from '../schema.ts';
import type { SeedRootCategory } from './catalogue-data.ts';
import { buildAreaFacts } from './content-area-facts.ts';
import { buildContentElements } from './content-elements.ts';
import { buildContentForms } from './content-forms.ts';
import { buildContentPages } from './content-pages.ts';
import { SEED_REFERENCE_DATE } from './reference-date.ts';

/** A document as the builders write it; the area, language and times are added when it becomes a row. */
export type SeedContentDocument = {
  key: string;
  /** Pages only: the content path GetContentByUrl compares (`/`, `/about`, `/skate`). */
  url: string | null;
  title: string;
  body: ContentDocumentBody;
};

/** The language every seeded document is written in (both areas sell in en-GB, spec §9). */
export const CONTENT_LANGUAGE_CODE = 'en-GB';

/** What the home page's "New arrivals" carousel lists: chosen from the generated catalogue by the seed. */
export type ContentCatalogueFacts = { newArrivalIds: readonly string[] };

/** Every content document of one area, validated. */
export function buildContentDocuments(
  areaId: AreaId,
  tree: readonly SeedRootCategory[],
  catalogue: ContentCatalogueFacts,
): SeedContentDocument[] {
  const facts = buildAreaFacts(areaId);
  const documents = [
    ...buildContentPages(facts, tree, catalogue),
    ...buildContentElements(facts),
    ...buildContentForms(facts),
  ];
  for (const document of documents) {
    const parsed = contentDocumentBodySchema.safeParse(document.body);
    if (!parsed.success) {
      throw new Error(
        `seed: content ${document.body.kind} "${document.key}" (${areaId}) is invalid: ${parsed.error.message}`,
      );
    }
  }
  return documents;
}

/** The rows of every area's documents, dated at the seed's reference date. */
export function buildContentDocumentRows(
  areaIds: readonly AreaId[],
  tree: readonly SeedRootCategory[],
  catalogue: ContentCatalogueFacts,
): Array<typeof contentDocuments.$inferInsert> {
  const updatedAt = new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`);
  return areaIds.flatMap((areaId) =>
    buildContentDocuments(areaId, tree, catalogue).map((document) => ({
      areaId,
      languageCode: CONTENT_LANGUAGE_CODE,
      kind: document.body.kind,
      key: document.key,
      url: document.url,
      title: document.title,
      body: document.body,
      createdAt: updatedAt,
      updatedAt,
    })),
  );
}
