/**
 * SendForm's check of the submitted values against the form's fields (issue 10 §3), kept pure so every rule is
 * tested without a database. All field errors are collected, so the storefront can mark every wrong field at once.
 */
import { type FieldError, type FormField, MAX_FORM_VALUE_LENGTH } from '@b2b/contract';
import { z } from 'zod';

/** The longest value of a one-line field (text, email, tel) whose form sets no `maxLength`. */
export const DEFAULT_ONE_LINE_MAX_LENGTH = 200;

/** Digits, spaces and the punctuation phone numbers are written with, with at least three digits. */
const TELEPHONE_PATTERN = /^(?=(?:\D*\d){3})[0-9+()./\s-]+$/;
/** Line breaks and other control characters: only a textarea may hold line breaks (the mail lists one per line). */
const CONTROL_CHARACTERS = /\p{Cc}/u;
const TEXTAREA_CONTROL_CHARACTERS = /[^\P{Cc}\n\r\t]/u;
const emailSchema = z.email();

export type FormValues = Record<string, string | boolean>;

export type FormValidation = { values: FormValues; errors: FieldError[] };

function maxLengthOf(field: FormField): number {
  return field.maxLength ?? (field.type === 'textarea' ? MAX_FORM_VALUE_LENGTH : DEFAULT_ONE_LINE_MAX_LENGTH);
}

/** Why a trimmed, non-empty text value does not fit its field, or null when it does. */
function textProblem(field: FormField, value: string): string | null {
  const maxLength = maxLengthOf(field);
  if (value.length > maxLength) return `must be at most ${maxLength} characters`;
  if (field.type === 'textarea')
    return TEXTAREA_CONTROL_CHARACTERS.test(value) ? 'must not hold control characters' : null;
  if (CONTROL_CHARACTERS.test(value)) return 'must be one line without control characters';
  if (field.type === 'email' && !emailSchema.safeParse(value).success) return 'must be an e-mail address';
  if (field.type === 'tel' && !TELEPHONE_PATTERN.test(value)) {
    return 'must be a phone number (digits, spaces and + ( ) - . /)';
  }
  if (field.type === 'select' && !(field.options ?? []).includes(value)) {
    return `must be one of: ${(field.options ?? []).join(', ')}`;
  }
  return null;
}

/**
 * Checks `data` against `fields`: names the form does not have, required fields missing or empty (a required
 * checkbox must be ticked), types (checkboxes booleans, everything else text), e-mail and phone formats, select
 * choices and lengths. Strings are trimmed first; empty optional values are left out of `values`. Field errors name
 * `data.<name>`.
 */
export function validateFormValues(
  fields: readonly FormField[],
  data: Readonly<Record<string, unknown>>,
): FormValidation {
  const fieldsByName = new Map(fields.map((field) => [field.name, field]));
  const errors: FieldError[] = [];
  const values: FormValues = {};
  for (const name of Object.keys(data)) {
    if (!fieldsByName.has(name)) errors.push({ field: `data.${name}`, message: 'is not a field of this form' });
  }
  for (const field of fields) {
    const path = `data.${field.name}`;
    const raw = Object.hasOwn(data, field.name) ? data[field.name] : undefined;
    if (field.type === 'checkbox') {
      if (raw !== undefined && typeof raw !== 'boolean') {
        errors.push({ field: path, message: 'must be true or false' });
      } else if (field.required && raw !== true) {
        errors.push({ field: path, message: 'is required: it must be ticked' });
      } else if (raw !== undefined) {
        values[field.name] = raw;
      }
      continue;
    }
    if (raw !== undefined && typeof raw !== 'string') {
      errors.push({ field: path, message: 'must be text' });
      continue;
    }
    const value = raw?.trim() ?? '';
    if (value === '') {
      if (field.required) errors.push({ field: path, message: 'is required' });
      continue;
    }
    const problem = textProblem(field, value);
    if (problem === null) values[field.name] = value;
    else errors.push({ field: path, message: problem });
  }
  return { values, errors };
}
