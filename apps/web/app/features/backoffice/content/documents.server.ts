import {
  CONTENT_DOCUMENT_KINDS,
  contentDocumentBodySchema,
  type DocumentDetail,
  type ErrorResponse,
  type GetDocumentsBySearchBody,
} from '@b2b/contract';
import { AREA_IDS, type AreaId } from '@b2b/contract/constants';
import { backofficeDocumentEndpoints as documents } from '@b2b/contract/endpoints/backoffice-documents';
import { type RouterContextProvider, redirect } from 'react-router';
import { z } from 'zod';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { readPageNumber } from '~/lib/page-number.ts';
import { readListSort } from '../list-sort.ts';
import { DOCUMENT_SORT_FIELDS, DOCUMENTS_PAGE_SIZE, type DocumentFilters, documentPath } from './content-paths.ts';
import type { SchemaNode } from './schema-form-model.ts';

type Context = Readonly<RouterContextProvider>;

/** What a refused call tells the editor: the API's message and the fields it names (spec §8 body). */
export type DocumentFailure = { message: string; type: string; status: number; fieldErrors: ErrorResponse['errors'] };

/** An ApiError as data for the page; any other failure is thrown on to the error page. */
export function toDocumentFailure(error: unknown): DocumentFailure {
  if (!isApiError(error) || error.status >= 500) throw error;
  return { message: error.message, type: error.type, status: error.status, fieldErrors: error.body?.errors ?? [] };
}

/** The list's filters as the URL holds them (`?kind=page&area=eu&q=about&sort=key&dir=asc&page=2`). */
export function readDocumentFilters(url: URL): DocumentFilters {
  const params = url.searchParams;
  const kind = params.get('kind');
  const area = params.get('area');
  return {
    kind: (CONTENT_DOCUMENT_KINDS as readonly string[]).includes(kind ?? '')
      ? (kind as DocumentFilters['kind'])
      : undefined,
    areaId: (AREA_IDS as readonly string[]).includes(area ?? '') ? (area as DocumentFilters['areaId']) : undefined,
    text: (params.get('q') ?? '').slice(0, 200),
    sort: readListSort(params, DOCUMENT_SORT_FIELDS, { field: 'key', direction: 'asc' }),
    page: readPageNumber(params.get('page')),
  };
}

/** Document/GetBySearch with the list's filters. */
export async function searchDocuments(context: Context, filters: DocumentFilters) {
  const body: GetDocumentsBySearchBody = {
    ...(filters.kind === undefined ? {} : { kind: filters.kind }),
    ...(filters.areaId === undefined ? {} : { areaId: filters.areaId }),
    ...(filters.text.trim() === '' ? {} : { text: filters.text.trim() }),
    sort: filters.sort.field,
    direction: filters.sort.direction,
    skip: (filters.page - 1) * DOCUMENTS_PAGE_SIZE,
    take: DOCUMENTS_PAGE_SIZE,
  };
  return getApi(context).call(documents.getDocumentsBySearch, { body });
}

/**
 * The JSON Schema of a body of this kind, which the editor's form is generated from (schema-form.tsx). Made once per
 * process from the contract's `contentDocumentBodySchema`, the schema the API checks a save with.
 */
const bodySchemas = new Map<string, SchemaNode>();
export function bodySchemaOf(kind: DocumentDetail['kind']): SchemaNode {
  const kept = bodySchemas.get(kind);
  if (kept) return kept;
  const variant = contentDocumentBodySchema.options.find((option) => option.shape.kind.value === kind);
  if (variant === undefined) throw new Error(`No body schema of the kind ${kind}`);
  const { $schema: _dialect, ...schema } = z.toJSONSchema(variant, { io: 'input', unrepresentable: 'any' });
  bodySchemas.set(kind, schema as SchemaNode);
  return schema as SchemaNode;
}

/** The document, or null when it does not exist (the page answers 404). */
export async function loadDocument(context: Context, id: string): Promise<DocumentDetail | null> {
  if (!z.uuid().safeParse(id).success) return null;
  try {
    return await getApi(context).call(documents.getDocumentById, { body: { id } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The keys of the elements and forms a page of this area and language may include (the editor's pickers). */
export async function loadDocumentPickers(context: Context, document: DocumentDetail) {
  const keysOf = async (kind: 'element' | 'form') => {
    const found = await getApi(context).call(documents.getDocumentsBySearch, {
      body: { kind, areaId: document.areaId as AreaId, languageCode: document.languageCode, skip: 0, take: 100 },
    });
    return found.documents.map((row) => row.key);
  };
  const [elementId, formId] = await Promise.all([keysOf('element'), keysOf('form')]);
  return { elementId, formId };
}

/** The editor's form as posted: the body as JSON (the generated form keeps it), title, URL, version. */
function readEditorForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  let body: unknown = null;
  try {
    body = JSON.parse(text('body'));
  } catch {
    body = null;
  }
  const url = text('url');
  return { title: text('title'), url: url === '' ? undefined : url, body, version: Number(text('version')) };
}

/**
 * The editor's actions: `save` (Document/Update with the version the editor opened), `preview` (Document/Preview:
 * the unsaved page resolved, nothing saved), `delete` (DeleteByKey, then back to the list). Refusals come back as
 * data for the page, with the fields the API named.
 */
export async function runEditorAction(context: Context, document: DocumentDetail, form: FormData) {
  const intent = String(form.get('intent') ?? '');
  const edited = readEditorForm(form);
  const api = getApi(context);
  try {
    if (intent === 'preview') {
      const page = await api.call(documents.previewDocument, {
        body: {
          areaId: document.areaId as AreaId,
          languageCode: document.languageCode,
          key: document.key,
          title: edited.title,
          ...(edited.url === undefined ? {} : { url: edited.url }),
          body: edited.body as DocumentDetail['body'],
        },
      });
      return { intent, page } as const;
    }
    if (intent === 'delete') {
      await api.call(documents.deleteDocumentByKey, {
        body: {
          areaId: document.areaId as AreaId,
          languageCode: document.languageCode,
          kind: document.kind,
          key: document.key,
          // the version the editor opened: a delete of a document changed meanwhile is refused too
          version: edited.version,
        },
      });
      throw redirect(`/backoffice/content?deleted=${encodeURIComponent(document.key)}`);
    }
    const saved = await api.call(documents.updateDocument, {
      body: {
        id: document.id,
        areaId: document.areaId as AreaId,
        languageCode: document.languageCode,
        key: document.key,
        title: edited.title,
        ...(edited.url === undefined ? {} : { url: edited.url }),
        body: edited.body as DocumentDetail['body'],
        version: edited.version,
      },
    });
    return { intent: 'save', savedVersion: saved.version } as const;
  } catch (error) {
    return { intent, failure: toDocumentFailure(error) } as const;
  }
}

/** The history page's data: every version, and with `compare`, that version's and the current one's content. */
export async function loadHistory(context: Context, id: string, compare: number | null) {
  const api = getApi(context);
  const history = await api.call(documents.getDocumentHistory, { body: { id } });
  const current = history.versions.find((version) => version.isCurrent) ?? null;
  if (compare === null || !history.versions.some((version) => version.version === compare)) {
    return { history, comparison: null };
  }
  const [earlier, now] = await Promise.all([
    api.call(documents.getDocumentVersion, { body: { id, version: compare } }),
    current === null ? null : api.call(documents.getDocumentVersion, { body: { id, version: current.version } }),
  ]);
  return { history, comparison: { earlier, current: now } };
}

/** Document/Restore, then the editor of the restored document; a refusal as data for the page. */
export async function restoreVersion(context: Context, id: string, form: FormData) {
  try {
    await getApi(context).call(documents.restoreDocumentVersion, {
      body: { id, version: Number(form.get('version')), currentVersion: Number(form.get('currentVersion')) },
    });
  } catch (error) {
    return { failure: toDocumentFailure(error) };
  }
  throw redirect(`${documentPath(id)}?restored=${encodeURIComponent(String(form.get('version')))}`);
}
