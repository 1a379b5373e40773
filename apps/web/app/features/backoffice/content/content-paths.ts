/**
 * The content section's addresses and list settings (issue 28). Browser-safe: the list, the editor and the history
 * pages share them.
 */
import type { AreaId } from '@b2b/contract/constants';
import type { ListSort } from '../list-sort.ts';

export const CONTENT_SECTION_PATH = '/backoffice/content';
export const DOCUMENTS_PAGE_SIZE = 25;

export const DOCUMENT_KIND_TABS = [
  { kind: undefined, label: 'All' },
  { kind: 'page', label: 'Pages' },
  { kind: 'element', label: 'Elements' },
  { kind: 'form', label: 'Forms' },
  { kind: 'modal', label: 'Modals' },
] as const;
export type DocumentKind = 'page' | 'element' | 'form' | 'modal';

export const DOCUMENT_SORT_FIELDS = ['key', 'title', 'url', 'kind', 'version', 'updatedAt'] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];

export type DocumentFilters = {
  kind: DocumentKind | undefined;
  areaId: AreaId | undefined;
  text: string;
  sort: ListSort<DocumentSortField>;
  page: number;
};

export function documentPath(id: string): string {
  return `${CONTENT_SECTION_PATH}/${id}`;
}

export function documentHistoryPath(id: string, compare?: number): string {
  return `${CONTENT_SECTION_PATH}/${id}/history${compare === undefined ? '' : `?compare=${compare}`}`;
}

/** The list's query for these filters (empty ones left out), e.g. `?kind=page&q=about`. */
export function documentListSearch(filters: Partial<DocumentFilters>): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.areaId) params.set('area', filters.areaId);
  if (filters.text) params.set('q', filters.text);
  if (filters.sort) {
    params.set('sort', filters.sort.field);
    params.set('dir', filters.sort.direction);
  }
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
