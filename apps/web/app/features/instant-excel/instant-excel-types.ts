/**
 * What the Instant Excel page (/customer-center/instant-excel) gets from its loader and action: browser-safe types
 * only (the contract's shapes come in as types, never as zod values).
 */
import type { ApplyUploadResponse, UploadPreview } from '@b2b/contract/instant-excel';
import type { SheetError, SheetScope } from './sheet-scope.ts';

/** One choice of a scope's select: a category (its path of names), a brand, a favourite list. */
export type ScopeChoice = { value: string; label: string };

export type DownloadChoices = {
  categories: ScopeChoice[];
  brands: ScopeChoice[];
  /** The customer's favourite lists, most recently used first. */
  favoriteLists: ScopeChoice[];
  /** Why the last download gave no sheet (the download route sent the buyer back), or null. */
  sheetError: SheetError | null;
  /** What the form preselects: the scope of the page's link (`?scope=favorite-list&listId=…`), else purchases. */
  selected: SheetScope;
};

/** The page's action answers one of these; `key` tells two equal answers apart (focus, announcements). */
export type InstantExcelActionData =
  | { key: string; intent: 'validate'; ok: true; preview: UploadPreview }
  | { key: string; intent: 'validate'; ok: false; message: string; details: string[] }
  | { key: string; intent: 'apply'; ok: true; difference: ApplyUploadResponse }
  | { key: string; intent: 'apply'; ok: false; message: string };

/** The form fields of the page's two forms (intent `validate`: a file or pasted lines; intent `apply`: the upload). */
export const INSTANT_EXCEL_FIELDS = {
  intent: 'intent',
  file: 'file',
  pastedText: 'pastedText',
  uploadId: 'uploadId',
} as const;
