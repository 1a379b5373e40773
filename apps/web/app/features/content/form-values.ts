import type { FormField } from '@b2b/contract';

/** Hidden field naming which content form a POST belongs to (a page may hold several). */
export const CONTENT_FORM_ID_FIELD = '_contentForm';

/** Hidden field carrying the form's submission key (FormBlockView), SendForm's Idempotency-Key. */
export const CONTENT_FORM_SUBMISSION_KEY_FIELD = '_submissionKey';

export type ContentFormValues = Record<string, string | boolean>;

/**
 * The values of a submitted content form, as SendForm takes them: only the form's own fields (anything else posted
 * is dropped), text trimmed and left out when empty, checkboxes as booleans (an unticked box is not posted at all).
 */
export function readContentFormValues(fields: readonly FormField[], formData: FormData): ContentFormValues {
  const values: ContentFormValues = {};
  for (const field of fields) {
    const posted = formData.get(field.name);
    if (field.type === 'checkbox') {
      values[field.name] = posted !== null && posted !== '';
      continue;
    }
    if (typeof posted !== 'string') continue;
    const text = field.type === 'textarea' ? posted.replace(/\r\n/g, '\n').trim() : posted.trim();
    if (text !== '') values[field.name] = text;
  }
  return values;
}

/**
 * SendForm's 400 answer as messages per field: `data.email` and `email` both name the field `email`; a message for
 * no field of the form (the form id, the whole body) becomes the form's message, after the name it is about (the
 * API words its messages to follow one: "is required").
 */
export function toContentFormErrors(
  fields: readonly FormField[],
  errors: readonly { field: string; message: string }[],
): { fieldErrors: Record<string, string>; formError: string | null } {
  const names = new Set(fields.map((field) => field.name));
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const error of errors) {
    const name = error.field.replace(/^(?:body\.)?data[.[]/, '').replace(/[\].].*$/, '');
    if (names.has(name)) fieldErrors[name] ??= error.message;
    else other.push(`${error.field} ${error.message}`);
  }
  return { fieldErrors, formError: other.length > 0 ? other.join('; ') : null };
}
