/**
 * The "Act as" form of /customer-center/impersonation: the reason is required (the customer reads it in "Assisted
 * sessions", ADR 013), the customer number comes from the button pressed. Checked in the browser (`required`) and
 * again here on the server, with the same messages.
 */
import { MAX_IMPERSONATION_REASON_LENGTH } from '@b2b/contract/constants';

/** Suggestions for the reason field; any other text is fine too. */
export const REASON_SUGGESTIONS = ['Phone order', 'Visit', 'Email request', 'Order correction', 'Trade fair'];

export const ACT_AS_MESSAGES = {
  reasonRequired: 'Enter why you act for the customer, e.g. "Phone order".',
  reasonTooLong: `The reason may be at most ${MAX_IMPERSONATION_REASON_LENGTH} characters.`,
  customerRequired: 'Choose the customer to act for.',
} as const;

export type ActAsInput = { customerNo: string; reason: string };
export type ActAsFieldErrors = { reason?: string; customerNo?: string };

export function parseActAsForm(
  form: FormData,
): { ok: true; input: ActAsInput } | { ok: false; fieldErrors: ActAsFieldErrors; reason: string } {
  const reason = String(form.get('reason') ?? '').trim();
  const customerNo = String(form.get('customerNo') ?? '').trim();
  const fieldErrors: ActAsFieldErrors = {};
  if (!reason) fieldErrors.reason = ACT_AS_MESSAGES.reasonRequired;
  else if (reason.length > MAX_IMPERSONATION_REASON_LENGTH) fieldErrors.reason = ACT_AS_MESSAGES.reasonTooLong;
  if (!customerNo) fieldErrors.customerNo = ACT_AS_MESSAGES.customerRequired;
  if (fieldErrors.reason || fieldErrors.customerNo) return { ok: false, fieldErrors, reason };
  return { ok: true, input: { customerNo, reason } };
}
