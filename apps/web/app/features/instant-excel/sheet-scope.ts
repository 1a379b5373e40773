/**
 * What the personalised order sheet holds (issue 26 §2 Download), as the download form and links name it:
 * `scope` = `purchases` (what the customer bought in the last 12 months), `category` (with `categoryId`), `brand`
 * (with `brand`), `favorite-list` (with `listId`: the favourite list page links here so) or `assortment` (everything
 * the customer can order). Browser-safe. A scope without the id it needs, or an unknown one, is no scope: the page
 * then preselects the default, and the download answers 400.
 */
export const SHEET_SCOPES = ['purchases', 'category', 'brand', 'favorite-list', 'assortment'] as const;
export type SheetScopeKind = (typeof SHEET_SCOPES)[number];

export type SheetScope =
  | { kind: 'purchases' }
  | { kind: 'assortment' }
  | { kind: 'category'; categoryId: string }
  | { kind: 'brand'; brand: string }
  | { kind: 'favorite-list'; listId: string };

/** The scope the page offers first: a buyer reorders what they bought before. */
export const DEFAULT_SHEET_SCOPE: SheetScope = { kind: 'purchases' };

/** The fields of the download form (and the query of a link to the page with a scope chosen). */
export const SHEET_SCOPE_FIELDS = {
  scope: 'scope',
  categoryId: 'categoryId',
  brand: 'brand',
  listId: 'listId',
} as const;

/** Longest id a field may hold (the catalogue's ids and a list's uuid are far shorter); longer is no id. */
const MAX_ID_LENGTH = 100;

function readId(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id !== '' && id.length <= MAX_ID_LENGTH ? id : null;
}

function isScopeKind(value: unknown): value is SheetScopeKind {
  return typeof value === 'string' && (SHEET_SCOPES as readonly string[]).includes(value);
}

/**
 * The scope named by a query string or a posted form. The form sends every scope's select; only the chosen scope's
 * field counts (without JavaScript all of them arrive).
 */
export function readSheetScope(fields: { get(name: string): FormDataEntryValue | string | null }): SheetScope | null {
  const kind = fields.get(SHEET_SCOPE_FIELDS.scope);
  if (!isScopeKind(kind)) return null;
  switch (kind) {
    case 'purchases':
    case 'assortment':
      return { kind };
    case 'category': {
      const categoryId = readId(fields.get(SHEET_SCOPE_FIELDS.categoryId));
      return categoryId ? { kind, categoryId } : null;
    }
    case 'brand': {
      const brand = readId(fields.get(SHEET_SCOPE_FIELDS.brand));
      return brand ? { kind, brand } : null;
    }
    case 'favorite-list': {
      const listId = readId(fields.get(SHEET_SCOPE_FIELDS.listId));
      return listId ? { kind, listId } : null;
    }
  }
}

/** The query string that names `scope` (the page's link preselecting it), e.g. `scope=brand&brand=hillside`. */
export function sheetScopeQuery(scope: SheetScope): URLSearchParams {
  const query = new URLSearchParams({ [SHEET_SCOPE_FIELDS.scope]: scope.kind });
  if (scope.kind === 'category') query.set(SHEET_SCOPE_FIELDS.categoryId, scope.categoryId);
  if (scope.kind === 'brand') query.set(SHEET_SCOPE_FIELDS.brand, scope.brand);
  if (scope.kind === 'favorite-list') query.set(SHEET_SCOPE_FIELDS.listId, scope.listId);
  return query;
}

/**
 * Why a download gave no sheet, as the page's `?sheetError=` says it after the download route sent the buyer back:
 * `scope` (nothing chosen, or a scope too large for one sheet) or `not-found` (a list, category or brand that is not
 * there for this customer).
 */
export const SHEET_ERROR_PARAM = 'sheetError';
export const SHEET_ERRORS = ['scope', 'not-found'] as const;
export type SheetError = (typeof SHEET_ERRORS)[number];

export function readSheetError(value: string | null): SheetError | null {
  return (SHEET_ERRORS as readonly string[]).includes(value ?? '') ? (value as SheetError) : null;
}
