/** How the back office names the mails' kinds and delivery states (issue 28). Browser-safe. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  'order-confirmation': 'Order confirmation',
  'order-confirmation-copy': 'Receipt copy',
  'password-recovery': 'Password recovery',
  'form-submission': 'Form submission',
};

export function mailKindLabel(kind: string): string {
  return MAIL_KIND_LABELS[kind] ?? kind;
}

export const MAIL_STATE_LABELS = { pending: 'Pending', sent: 'Sent', failed: 'Failed' } as const;
export type MailState = keyof typeof MAIL_STATE_LABELS;

/** The state's badge colours: failed stands out, pending is neutral, sent is quiet. */
export const MAIL_STATE_BADGES: Record<MailState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

export const MAIL_PATH = '/backoffice/mail';
export const MAIL_TEMPLATES_PATH = '/backoffice/mail/templates';

export function outboxMailPath(mailId: string): string {
  return `${MAIL_PATH}/outbox/${mailId}`;
}
