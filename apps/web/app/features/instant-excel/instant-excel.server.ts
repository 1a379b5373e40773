import type { MenuEntry } from '@b2b/contract';
import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { MAX_PASTE_TEXT_LENGTH, MAX_UPLOAD_BYTES } from '@b2b/contract/instant-excel';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getAreaById, getCategoryMenu } from '~/lib/area.server.ts';
import { listAllFavoriteLists } from '~/lib/favorites/favorite-lists.server.ts';
import { formatCount } from '~/lib/format.ts';
import { getSession } from '~/lib/session.server.ts';
import {
  type DownloadChoices,
  INSTANT_EXCEL_FIELDS,
  type InstantExcelActionData,
  type ScopeChoice,
} from './instant-excel-types.ts';
import {
  DEFAULT_SHEET_SCOPE,
  readSheetError,
  readSheetScope,
  SHEET_ERROR_PARAM,
  type SheetScope,
} from './sheet-scope.ts';

type Context = Readonly<RouterContextProvider>;

/** Between a category and its sub-category in a select's label ("Skate › Decks"). */
const CATEGORY_PATH_SEPARATOR = ' › ';

/** Every category of the tree, parents before children, each labelled with its path (the sheet may hold any). */
export function toCategoryChoices(entries: readonly MenuEntry[], parentLabel = ''): ScopeChoice[] {
  return entries.flatMap((entry) => {
    const label = parentLabel ? `${parentLabel}${CATEGORY_PATH_SEPARATOR}${entry.name}` : entry.name;
    return [{ value: entry.id, label }, ...toCategoryChoices(entry.children, label)];
  });
}

/** The categories a sheet can be made of: the whole tree, the menu's excluded ones too (they are sold). */
export async function loadCategoryChoices(context: Context): Promise<ScopeChoice[]> {
  const area = await getAreaById(getSession(context).area.areaId);
  return toCategoryChoices(getCategoryMenu(area, []));
}

/**
 * The customer's favourite lists, most recently used first (as the lists page orders them, spec §4), each with its
 * product count: every list, as a customer has at most MAX_FAVORITE_LISTS.
 */
export async function loadFavoriteListChoices(context: Context): Promise<ScopeChoice[]> {
  const lists = await listAllFavoriteLists(context);
  return lists.map((item) => ({
    value: item.listId,
    label: `${item.listName} (${item.productCount === 1 ? '1 product' : `${formatCount(item.productCount)} products`})`,
  }));
}

/** The brands of the catalogue, by name: the search's brand facet without any product (take 0). */
export async function loadBrandChoices(context: Context): Promise<ScopeChoice[]> {
  const { area } = getSession(context);
  const result = await getApi(context).call(productEndpoints.getProductsBySearch, {
    body: { area, facets: [], skip: 0, take: 0 },
  });
  const brandFacet = result.facetOptions.find((facet) => facet.field === 'brand');
  return (brandFacet?.options ?? [])
    .map((option) => ({ value: option.value, label: option.label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

function answerKey(): string {
  return crypto.randomUUID();
}

/** The API's refusal of an upload in the buyer's words: its message, and each field's reason when it names one. */
function refusalOf(error: ApiError): { message: string; details: string[] } {
  const details = (error.body?.errors ?? [])
    .map((fieldError) => fieldError.message)
    .filter((text) => text !== error.message);
  return { message: error.message, details: [...new Set(details)] };
}

/** Whether the API refused what the buyer sent (4xx): a message for the page, not an error page. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
}

/** A request body larger than this is refused before it is read: the file's limit and room for the form around it. */
const MAX_FORM_BYTES = MAX_UPLOAD_BYTES + MAX_PASTE_TEXT_LENGTH + 64 * 1024;

const MEGABYTES = 1024 * 1024;
const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_UPLOAD_BYTES / MEGABYTES} MB. Upload a smaller sheet.`;

function validateRefusal(message: string, details: string[] = []): InstantExcelActionData {
  return { key: answerKey(), intent: 'validate', ok: false, message, details };
}

/** An upload whose declared size is past every limit is answered before its body is read (nothing is parsed). */
export function refuseOversizedUpload(request: Request): InstantExcelActionData | null {
  const declaredLength = Number(request.headers.get('content-length') ?? '0');
  return declaredLength > MAX_FORM_BYTES ? validateRefusal(TOO_LARGE_MESSAGE) : null;
}

/**
 * Intent `validate`: the chosen file (base64, as ValidateUpload takes it) or the pasted lines → the API's preview,
 * stored there under its uploadId. Nothing in the cart changes. A file the API refuses (not a spreadsheet, too
 * large, no Quantity column, …) answers its message. A chosen file wins over pasted lines.
 */
export async function validateUpload(context: Context, form: FormData): Promise<InstantExcelActionData> {
  const file = form.get(INSTANT_EXCEL_FIELDS.file);
  const pasted = form.get(INSTANT_EXCEL_FIELDS.pastedText);
  const hasFile = file instanceof File && file.size > 0;
  const pastedText = typeof pasted === 'string' ? pasted.trim() : '';
  if (!hasFile && pastedText === '') {
    return validateRefusal('Choose a sheet (.xlsx or .csv) or paste lines of "item number; quantity".');
  }
  if (hasFile && file.size > MAX_UPLOAD_BYTES) return validateRefusal(TOO_LARGE_MESSAGE);
  if (!hasFile && pastedText.length > MAX_PASTE_TEXT_LENGTH) {
    return validateRefusal('The pasted text is too long. Upload it as a sheet instead.');
  }
  const { area } = getSession(context);
  try {
    const preview = await getApi(context).call(instantExcelEndpoints.validateUpload, {
      body: hasFile
        ? {
            area,
            file: {
              fileName: file.name.slice(0, 255) || 'upload',
              contentBase64: Buffer.from(await file.arrayBuffer()).toString('base64'),
            },
          }
        : { area, pastedText },
    });
    return { key: answerKey(), intent: 'validate', ok: true, preview };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const { message, details } = refusalOf(error);
    return validateRefusal(message, details);
  }
}

/**
 * Intent `apply`: the upload's valid rows into the cart, in one ApplyUpload call. The API applies one uploadId once:
 * a second press or a retry answers the first result (`isFirstApply` false) and the cart does not change again.
 */
export async function applyUpload(context: Context, form: FormData): Promise<InstantExcelActionData> {
  const uploadId = form.get(INSTANT_EXCEL_FIELDS.uploadId);
  if (typeof uploadId !== 'string' || uploadId === '') {
    return { key: answerKey(), intent: 'apply', ok: false, message: 'Upload a sheet first, then add it to the cart.' };
  }
  const { area } = getSession(context);
  try {
    const difference = await getApi(context).call(instantExcelEndpoints.applyUpload, { body: { area, uploadId } });
    return { key: answerKey(), intent: 'apply', ok: true, difference };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const message =
      error.status === 404
        ? 'This upload is no longer available (a preview is kept for 24 hours). Upload the sheet again.'
        : refusalOf(error).message;
    return { key: answerKey(), intent: 'apply', ok: false, message };
  }
}

/** Whether the form offers `scope`: its category, brand or list is among the choices. */
export function isOffered(
  scope: SheetScope,
  choices: Pick<DownloadChoices, 'categories' | 'brands' | 'favoriteLists'>,
): boolean {
  const has = (list: ScopeChoice[], value: string) => list.some((choice) => choice.value === value);
  switch (scope.kind) {
    case 'category':
      return has(choices.categories, scope.categoryId);
    case 'brand':
      return has(choices.brands, scope.brand);
    case 'favorite-list':
      return has(choices.favoriteLists, scope.listId);
    default:
      return true;
  }
}

/**
 * What the download form offers: every category, every brand, the customer's favourite lists, and the scope to
 * preselect (`?scope=…` of a link, e.g. the favourite list page's; else the last 12 months' purchases).
 */
export async function loadDownloadChoices(context: Context, searchParams: URLSearchParams): Promise<DownloadChoices> {
  const [categories, brands, favoriteLists] = await Promise.all([
    loadCategoryChoices(context),
    loadBrandChoices(context),
    loadFavoriteListChoices(context),
  ]);
  const linked = readSheetScope(searchParams);
  // a link's list, category or brand that is not (or no longer) there preselects the default instead
  const selected = linked && isOffered(linked, { categories, brands, favoriteLists }) ? linked : DEFAULT_SHEET_SCOPE;
  const sheetError = readSheetError(searchParams.get(SHEET_ERROR_PARAM));
  return { categories, brands, favoriteLists, selected, sheetError };
}
