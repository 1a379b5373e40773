import { MAX_IMPERSONATION_REASON_LENGTH } from '@b2b/contract/constants';
import { describe, expect, it } from 'vitest';
import { ACT_AS_MESSAGES, parseActAsForm } from './act-as-form.ts';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('the "Act as" form', () => {
  it('takes a reason and the customer of the button pressed, trimmed', () => {
    expect(parseActAsForm(form({ reason: ' Phone order ', customerNo: '10001' }))).toEqual({
      ok: true,
      input: { customerNo: '10001', reason: 'Phone order' },
    });
  });

  it('requires a reason: blanks are no reason', () => {
    expect(parseActAsForm(form({ reason: '   ', customerNo: '10001' }))).toEqual({
      ok: false,
      fieldErrors: { reason: ACT_AS_MESSAGES.reasonRequired },
      reason: '',
    });
  });

  it('refuses a reason longer than the API keeps, and a missing customer', () => {
    const result = parseActAsForm(form({ reason: 'x'.repeat(MAX_IMPERSONATION_REASON_LENGTH + 1) }));
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { reason: ACT_AS_MESSAGES.reasonTooLong, customerNo: ACT_AS_MESSAGES.customerRequired },
    });
  });
});
