/**
 * The back office's campaign pages on the server (issue 28): every call goes to the API with the staff member's
 * token, which checks the role again; a refused write comes back as the message and the fields to show.
 */
import type {
  AreaId,
  CampaignDetail,
  DiscountCodesResponse,
  EditableDiscountCode,
  UpdateCampaignBody,
} from '@b2b/contract';
import { campaignAdminEndpoints } from '@b2b/contract/endpoints/campaign-admin';
import type { RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import {
  CAMPAIGN_LIST_PAGE_SIZE,
  type CampaignListParams,
  formFieldOf,
  readCampaignForm,
} from './campaign-form-data.ts';

type Context = Readonly<RouterContextProvider>;

/** A write the API refused: its message, and per form field the reason (the first one of each). */
export type WriteRefusal = { status: 'error'; message: string; fieldErrors: Record<string, string>; isStale: boolean };

/** An API refusal (4xx) as the form shows it; anything else (the API down, a 500) is thrown on to the error page. */
function toRefusal(error: unknown): WriteRefusal {
  if (!isApiError(error) || error.status >= 500 || error.status === 401 || error.status === 403) throw error;
  const fieldErrors: Record<string, string> = {};
  for (const fieldError of error.body?.errors ?? []) {
    const field = formFieldOf(fieldError.field);
    fieldErrors[field] ??= fieldError.message;
  }
  return { status: 'error', message: error.message, fieldErrors, isStale: error.status === 409 };
}

export async function loadCampaignList(context: Context, params: CampaignListParams) {
  return getApi(context).call(campaignAdminEndpoints.getCampaignsBySearch, {
    body: {
      ...(params.areaId ? { areaId: params.areaId } : {}),
      ...(params.text ? { text: params.text } : {}),
      ...(params.campaignType ? { campaignType: params.campaignType } : {}),
      ...(params.state ? { state: params.state } : {}),
      sort: params.sort.field,
      sortDirection: params.sort.direction,
      pageNr: params.page,
      pageSize: CAMPAIGN_LIST_PAGE_SIZE,
    },
  });
}

/** The campaign, or null when there is none with this id (the page answers 404). */
export async function loadCampaign(context: Context, campaignId: string): Promise<CampaignDetail | null> {
  try {
    return await getApi(context).call(campaignAdminEndpoints.getCampaignById, { query: { CampaignId: campaignId } });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export async function loadPriceGroups(context: Context) {
  return (await getApi(context).call(campaignAdminEndpoints.getPriceGroups, {})).priceGroups;
}

/** Saves the edit form (creates with no version); the saved campaign, or what to show the editor. */
export async function saveCampaign(
  context: Context,
  formData: FormData,
): Promise<{ status: 'saved'; campaign: CampaignDetail } | WriteRefusal> {
  try {
    // The form's values go as typed (a type, an area, numbers as read): the API checks every one and names the field.
    const body = readCampaignForm(formData) as UpdateCampaignBody;
    const campaign = await getApi(context).call(campaignAdminEndpoints.updateCampaign, { body });
    return { status: 'saved', campaign };
  } catch (error) {
    return toRefusal(error);
  }
}

export async function deleteCampaign(
  context: Context,
  input: { campaignId: string; version: number },
): Promise<{ status: 'deleted' } | WriteRefusal> {
  try {
    await getApi(context).call(campaignAdminEndpoints.deleteCampaign, { body: input });
    return { status: 'deleted' };
  } catch (error) {
    return toRefusal(error);
  }
}

export async function loadDiscountCodes(context: Context, areaId: AreaId): Promise<DiscountCodesResponse> {
  return getApi(context).call(campaignAdminEndpoints.getDiscountCodes, { query: { AreaId: areaId } });
}

/** The code a discount-code card's form holds. */
function readDiscountCodeForm(formData: FormData): EditableDiscountCode {
  const text = (name: string) => String(formData.get(name) ?? '').trim();
  return {
    id: text('id'),
    name: text('name'),
    label: text('label'),
    backgroundColor: text('backgroundColor'),
    textColor: text('textColor'),
    audience: text('audience') === 'customers' ? 'customers' : 'everyone',
  };
}

/**
 * Saves one discount code of the list read at `version` (the page's): `originalId` names the code it replaces (empty
 * for a new one, added at the end); `remove` takes it out. The API refuses a stale version, so two editors never
 * overwrite each other's codes.
 */
export async function saveDiscountCode(
  context: Context,
  input: { areaId: AreaId; version: string; originalId: string; formData: FormData; remove: boolean },
): Promise<{ status: 'saved' } | WriteRefusal> {
  try {
    const current = await loadDiscountCodes(context, input.areaId);
    const codes: EditableDiscountCode[] = current.discountCodes.map(({ splashCount: _count, ...code }) => code);
    const index = codes.findIndex((code) => code.id === input.originalId);
    if (input.remove) {
      if (index >= 0) codes.splice(index, 1);
    } else {
      const code = readDiscountCodeForm(input.formData);
      if (index >= 0) codes[index] = code;
      else codes.push(code);
    }
    await getApi(context).call(campaignAdminEndpoints.updateDiscountCodes, {
      body: { areaId: input.areaId, version: input.version, discountCodes: codes },
    });
    return { status: 'saved' };
  } catch (error) {
    const refusal = toRefusal(error);
    // The list's fields are `discountCodes.<n>.<field>`: the card shows them by the field's own name.
    const fieldErrors: Record<string, string> = {};
    if (isApiError(error)) {
      for (const fieldError of error.body?.errors ?? []) {
        const field = fieldError.field.split('.').at(-1) ?? fieldError.field;
        fieldErrors[field] ??= fieldError.message;
      }
    }
    return { ...refusal, fieldErrors };
  }
}
