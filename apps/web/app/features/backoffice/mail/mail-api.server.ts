/** The back office's mail calls (issue 28) for the mail pages: the outbox and the templates. */
import type {
  GetMailTemplatesResponse,
  GetOutboxBySearchResponse,
  MailTemplateKind,
  OutboxMail,
  PreviewMailTemplateResponse,
} from '@b2b/contract';
import { backofficeMailEndpoints } from '@b2b/contract/endpoints/backoffice-mail';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import type { OutboxParams } from './outbox-params.ts';

type Context = Readonly<RouterContextProvider>;

export const OUTBOX_PAGE_SIZE = 50;

export async function searchOutbox(context: Context, params: OutboxParams): Promise<GetOutboxBySearchResponse> {
  return getApi(context).call(backofficeMailEndpoints.getOutboxBySearch, {
    body: {
      ...(params.state ? { state: params.state } : {}),
      ...(params.kind ? { kind: params.kind } : {}),
      ...(params.recipient ? { recipient: params.recipient } : {}),
      ...(params.createdFrom ? { createdFrom: params.createdFrom } : {}),
      ...(params.createdTo ? { createdTo: params.createdTo } : {}),
      sortBy: params.sort.field,
      sortDirection: params.sort.direction,
      pageNr: params.page,
      pageSize: OUTBOX_PAGE_SIZE,
    },
  });
}

/** One mail of the outbox, or null when there is none with this id. */
export async function findOutboxMail(context: Context, mailId: string): Promise<OutboxMail | null> {
  try {
    return (await getApi(context).call(backofficeMailEndpoints.getOutboxMail, { body: { mailId } })).mail;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** What a form that changed something shows next: done, or the API's reason it refused. */
export type MailActionResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/** The API's refusal (4xx) as the form shows it: the message and the error per field; anything else is thrown. */
export function refusal(error: unknown): MailActionResult & { ok: false } {
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
  const fieldErrors: Record<string, string> = {};
  for (const fieldError of error.body?.errors ?? []) {
    const field = fieldError.field.split('.').at(-1) ?? fieldError.field;
    fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]}; ${fieldError.message}` : fieldError.message;
  }
  return { ok: false, message: error.message, fieldErrors };
}

export async function retryOutboxMail(context: Context, mailId: string): Promise<MailActionResult> {
  try {
    const { mail } = await getApi(context).call(backofficeMailEndpoints.retryOutboxMail, { body: { mailId } });
    return { ok: true, message: `The mail to ${mail.toAddress} is back in line; delivery sends it shortly.` };
  } catch (error) {
    return refusal(error);
  }
}

export async function getMailTemplates(context: Context): Promise<GetMailTemplatesResponse> {
  return getApi(context).call(backofficeMailEndpoints.getMailTemplates, { body: {} });
}

export type TemplateForm = {
  kind: MailTemplateKind;
  areaId: 'eu' | 'us';
  languageCode: string;
  subject: string;
  body: string;
  version: number;
  orderNumber: string;
};

export async function previewMailTemplate(
  context: Context,
  form: TemplateForm,
): Promise<{ preview: PreviewMailTemplateResponse } | (MailActionResult & { ok: false })> {
  try {
    const preview = await getApi(context).call(backofficeMailEndpoints.previewMailTemplate, {
      body: {
        kind: form.kind,
        areaId: form.areaId,
        languageCode: form.languageCode,
        subject: form.subject,
        body: form.body,
        ...(form.orderNumber ? { orderNumber: form.orderNumber } : {}),
      },
    });
    return { preview };
  } catch (error) {
    return refusal(error);
  }
}

export async function saveMailTemplate(context: Context, form: TemplateForm): Promise<MailActionResult> {
  try {
    const { template } = await getApi(context).call(backofficeMailEndpoints.updateMailTemplate, {
      body: {
        kind: form.kind,
        areaId: form.areaId,
        languageCode: form.languageCode,
        subject: form.subject,
        body: form.body,
        version: form.version,
      },
    });
    return { ok: true, message: `Saved as version ${template.version}. The shop sends this text from now on.` };
  } catch (error) {
    return refusal(error);
  }
}

export async function resetMailTemplate(context: Context, form: TemplateForm): Promise<MailActionResult> {
  try {
    await getApi(context).call(backofficeMailEndpoints.resetMailTemplate, {
      body: { kind: form.kind, areaId: form.areaId, languageCode: form.languageCode, version: form.version },
    });
    return { ok: true, message: 'Reset: the shop sends the built-in text again.' };
  } catch (error) {
    return refusal(error);
  }
}
