import type { FormField } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { readContentFormValues, toContentFormErrors } from './form-values.ts';

const FIELDS: FormField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, autocomplete: 'name' },
  { name: 'email', label: 'E-mail', type: 'email', required: true },
  { name: 'message', label: 'Message', type: 'textarea', required: true },
  { name: 'topic', label: 'Topic', type: 'select', required: false, options: ['Orders', 'Other'] },
  { name: 'newsletter', label: 'Newsletter', type: 'checkbox', required: false },
];

function formData(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('content form values', () => {
  it('keeps only the form fields, trims text, drops empty text and makes checkboxes booleans', () => {
    const values = readContentFormValues(
      FIELDS,
      formData([
        ['_contentForm', 'contact'],
        ['name', '  Ada Lovelace '],
        ['email', 'ada@example.com'],
        ['message', 'Line one\r\nLine two\r\n'],
        ['topic', ''],
        ['isAdmin', 'true'],
      ]),
    );
    expect(values).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Line one\nLine two',
      newsletter: false,
    });
  });

  it('reads a ticked checkbox as true', () => {
    expect(readContentFormValues(FIELDS, formData([['newsletter', 'on']])).newsletter).toBe(true);
  });

  it('ignores a file posted in a text field', () => {
    const data = new FormData();
    data.append('name', new Blob(['x']), 'x.txt');
    expect(readContentFormValues(FIELDS, data)).toEqual({ newsletter: false });
  });

  it("maps SendForm's field errors to the form's fields, the rest to the form", () => {
    expect(
      toContentFormErrors(FIELDS, [
        { field: 'data.email', message: 'must be an e-mail address' },
        { field: 'message', message: 'is required' },
        { field: 'data.email', message: 'second message for the same field' },
        { field: 'formId', message: 'unknown form' },
        { field: 'data.isAdmin', message: 'is not a field of this form' },
      ]),
    ).toEqual({
      fieldErrors: { email: 'must be an e-mail address', message: 'is required' },
      formError: 'formId unknown form; data.isAdmin is not a field of this form',
    });
    expect(toContentFormErrors(FIELDS, [])).toEqual({ fieldErrors: {}, formError: null });
  });
});
