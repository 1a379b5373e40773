import { randomUUID } from 'node:crypto';
import { type ContentPage, type FormDefinition, IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@b2b/contract';
import { formsEndpoints } from '@b2b/contract/endpoints/forms';
import { data, type RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { getClientAddress } from '~/lib/client-address.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { toErrorToastPayload } from '~/lib/toast/toast-payload.server.ts';
import type { ContentFormResult } from './content-form-result.ts';
import {
  CONTENT_FORM_ID_FIELD,
  CONTENT_FORM_SUBMISSION_KEY_FIELD,
  readContentFormValues,
  toContentFormErrors,
} from './form-values.ts';

const RATE_LIMITED_MESSAGE = 'Too many forms were sent from your address. Please try again in a few minutes.';
const FAILED_MESSAGE = 'The form could not be sent. Please try again.';

/**
 * The rendered form's submission key (FormBlockView), else a new one for this POST: then the API client's own retry
 * is still sent once.
 */
function submissionKeyOf(formData: FormData): string {
  const posted = formData.get(CONTENT_FORM_SUBMISSION_KEY_FIELD);
  return typeof posted === 'string' && idempotencyKeySchema.safeParse(posted).success ? posted : randomUUID();
}

function findForm(page: ContentPage | null, formId: string): FormDefinition | null {
  for (const block of page?.blocks ?? []) if (block.type === 'form' && block.form.id === formId) return block.form;
  return null;
}

/**
 * The action of a page that shows content forms (POST /api/Form/SendForm, spec §7). The form is looked up on the
 * page itself, so only its fields are sent; field errors of the API's 400 come back per field, a 429 and failures
 * as the form's message (failures also as the error toast). Plain HTML forms post here too: no script needed.
 */
export async function sendContentForm(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  page: ContentPage | null,
) {
  const formData = await request.formData();
  const formId = formData.get(CONTENT_FORM_ID_FIELD);
  const form = typeof formId === 'string' ? findForm(page, formId) : null;
  if (!form) throw data(null, { status: 404 });
  const values = readContentFormValues(form.fields, formData);
  const invalid = (fields: Partial<Extract<ContentFormResult, { status: 'invalid' }>>, status: number) =>
    data<ContentFormResult>(
      { formId: form.id, status: 'invalid', fieldErrors: {}, formError: null, values, ...fields },
      { status },
    );
  try {
    const { area } = getSession(context);
    const sent = await getApi(context).call(
      formsEndpoints.sendForm,
      { body: { area, formId: form.id, data: values } },
      { clientAddress: getClientAddress(request), headers: { [IDEMPOTENCY_KEY_HEADER]: submissionKeyOf(formData) } },
    );
    return data<ContentFormResult>({ formId: form.id, status: 'sent', message: sent.message });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 400) {
      const { fieldErrors, formError } = toContentFormErrors(form.fields, error.body?.errors ?? []);
      return invalid(
        { fieldErrors, formError: formError ?? (Object.keys(fieldErrors).length ? null : error.message) },
        400,
      );
    }
    if (error.status === 429) return invalid({ formError: RATE_LIMITED_MESSAGE }, 429);
    if (error.status === 404) throw data(null, { status: 404 });
    console.error('[content] SendForm failed', error);
    return invalid({ formError: FAILED_MESSAGE, errorToast: toErrorToastPayload(error) }, 502);
  }
}
