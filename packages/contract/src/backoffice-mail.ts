/**
 * The back office's mail calls (issue 28): the editable texts of the shop's three mails (order confirmation, its copy
 * sent from the back office, password recovery) per area and language, with a preview rendered from a real order,
 * and the outbox (ADR 009) with its delivery state and a retry of a mail given up.
 */
import { z } from 'zod';
import { areaIdSchema, languageCodeSchema } from './common.ts';

/**
 * The mails whose text staff edit. The names are the outbox's `kind` of the mails they write, so a mail in the
 * outbox names the template it came from (`order-confirmation-copy` is the receipt copy SendReceiptCopy sends).
 */
export const MAIL_TEMPLATE_KINDS = ['order-confirmation', 'order-confirmation-copy', 'password-recovery'] as const;
export const mailTemplateKindSchema = z
  .enum(MAIL_TEMPLATE_KINDS)
  .describe('`order-confirmation`, `order-confirmation-copy` (the receipt copy) or `password-recovery`.');
export type MailTemplateKind = z.infer<typeof mailTemplateKindSchema>;

/** Longest subject and body a template may have (a mail, not a document). */
export const MAIL_SUBJECT_MAX_LENGTH = 200;
export const MAIL_BODY_MAX_LENGTH = 20_000;

export const mailTemplatePlaceholderSchema = z.object({
  name: z.string().describe('Written in braces in the subject or body, e.g. `orderNumber` as `{orderNumber}`.'),
  description: z.string().describe('What the mail shows in its place.'),
  isRequired: z.boolean().describe('The template must use it (e.g. the recovery link); a save without it is 400.'),
  isMultiline: z.boolean().describe('Fills several lines (e.g. the order lines): allowed in the body only.'),
});
export type MailTemplatePlaceholder = z.infer<typeof mailTemplatePlaceholderSchema>;

export const mailTemplateSchema = z.object({
  kind: mailTemplateKindSchema,
  label: z.string().describe('The mail as staff know it, e.g. "Order confirmation".'),
  areaId: areaIdSchema,
  languageCode: languageCodeSchema,
  subject: z.string().describe('The subject the shop sends now (the edited one, or the built-in one).'),
  body: z.string().describe('The plain-text body the shop sends now; the HTML part is made from it.'),
  isCustomised: z.boolean().describe('Whether staff edited it; false: the built-in text applies.'),
  version: z
    .number()
    .int()
    .describe('Counts the saves; 0 while the built-in text applies. An update or reset names the version it saw.'),
  updatedAt: z.string().nullable().describe('When it was last saved (ISO 8601); null for the built-in text.'),
  updatedBy: z.string().nullable().describe('Who saved it last (username); null for the built-in text.'),
  builtIn: z
    .object({ subject: z.string(), body: z.string() })
    .describe('The built-in text, which a reset brings back.'),
  placeholders: z.array(mailTemplatePlaceholderSchema),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

/** POST /backoffice/api/Mail/GetTemplates */
export const getMailTemplatesBody = z
  .object({
    kind: mailTemplateKindSchema.optional().describe('Only this mail; all three when left out.'),
    areaId: areaIdSchema.optional().describe('Only this area; every area when left out.'),
  })
  .strict();
export const getMailTemplatesResponse = z.object({
  templates: z.array(mailTemplateSchema).describe('Each mail per area and the area’s language, by kind then area.'),
});
export type GetMailTemplatesResponse = z.infer<typeof getMailTemplatesResponse>;

const templateKeyFields = {
  kind: mailTemplateKindSchema,
  areaId: areaIdSchema,
  languageCode: languageCodeSchema.describe('The area’s language (en-GB in both areas).'),
};
const templateTextFields = {
  subject: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAIL_SUBJECT_MAX_LENGTH)
    .refine((value) => !/[\r\n]/.test(value), 'must be one line')
    .describe('Placeholders in braces; single-line ones only.'),
  body: z
    .string()
    .min(1, 'must not be empty')
    .max(MAIL_BODY_MAX_LENGTH)
    .describe('Plain text with placeholders in braces; a line holding only an empty placeholder is left out.'),
};

/** POST /backoffice/api/Mail/UpdateTemplate */
export const updateMailTemplateBody = z
  .object({
    ...templateKeyFields,
    ...templateTextFields,
    version: z
      .number()
      .int()
      .min(0)
      .describe('The version the editor started from (0: the built-in text). Another save since: 409, nothing saved.'),
  })
  .strict();
export const mailTemplateResponse = z.object({ template: mailTemplateSchema });

/** POST /backoffice/api/Mail/ResetTemplate */
export const resetMailTemplateBody = z
  .object({
    ...templateKeyFields,
    version: z.number().int().min(1).describe('The version being reset; another save since: 409, nothing changed.'),
  })
  .strict();

/** POST /backoffice/api/Mail/PreviewTemplate */
export const previewMailTemplateBody = z
  .object({
    ...templateKeyFields,
    ...templateTextFields,
    orderNumber: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe('The order to render it from (e.g. SO-000123); the newest order of the area when left out.'),
  })
  .strict();
export const previewMailTemplateResponse = z.object({
  orderNumber: z.string().describe('The real order the preview was rendered from.'),
  toAddress: z.string().describe('Whom the mail would go to for that order.'),
  subject: z.string(),
  text: z.string(),
  html: z.string().describe('The HTML part as sent (made from the text).'),
});
export type PreviewMailTemplateResponse = z.infer<typeof previewMailTemplateResponse>;

/**
 * Where a mail of the outbox stands (ADR 009): `pending` (not sent yet: waiting for its first attempt or for a retry
 * after a temporary failure), `sent`, or `failed` (given up: rejected for good or too many attempts).
 */
export const MAIL_OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
export const mailOutboxStateSchema = z.enum(MAIL_OUTBOX_STATES);
export type MailOutboxState = z.infer<typeof mailOutboxStateSchema>;

export const MAX_OUTBOX_PAGE_SIZE = 100;
/** The columns the outbox can be sorted by (newest first when none is named). */
export const OUTBOX_SORT_FIELDS = ['createdAt', 'toAddress', 'subject', 'kind', 'attempts'] as const;
export type OutboxSortField = (typeof OUTBOX_SORT_FIELDS)[number];

/** POST /backoffice/api/Mail/GetOutboxBySearch */
export const getOutboxBySearchBody = z
  .object({
    state: mailOutboxStateSchema.optional(),
    kind: z.string().trim().min(1).max(60).optional().describe('The mail’s kind, e.g. `order-confirmation`.'),
    recipient: z.string().trim().min(1).max(200).optional().describe('Part of the recipient address.'),
    createdFrom: z.iso.date().optional().describe('Written on or after this day (UTC, YYYY-MM-DD).'),
    createdTo: z.iso.date().optional().describe('Written on or before this day (UTC, YYYY-MM-DD).'),
    sortBy: z.enum(OUTBOX_SORT_FIELDS).default('createdAt'),
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
    pageNr: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(MAX_OUTBOX_PAGE_SIZE).default(50),
  })
  .strict();

export const outboxMailSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  kind: z.string(),
  state: mailOutboxStateSchema,
  attempts: z.number().int().describe('Delivery attempts so far.'),
  lastError: z.string().nullable().describe('The last failed attempt’s error: the SMTP server’s answer.'),
  nextAttemptAt: z.string().nullable().describe('When delivery tries next; null when sent or failed.'),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  orderNumber: z.string().nullable().describe('The order the mail reports, if any.'),
});
export type OutboxMailSummary = z.infer<typeof outboxMailSummarySchema>;

export const getOutboxBySearchResponse = z.object({
  mails: z.array(outboxMailSummarySchema).describe('In the order asked for (newest first by default).'),
  totalCount: z.number().int().describe('All matching mails, also those on other pages.'),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
});
export type GetOutboxBySearchResponse = z.infer<typeof getOutboxBySearchResponse>;

const mailIdBody = z.object({ mailId: z.uuid().describe('The outbox mail’s id.') }).strict();

/** POST /backoffice/api/Mail/GetOutboxMail */
export const getOutboxMailBody = mailIdBody;
export const outboxMailSchema = outboxMailSummarySchema.extend({
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  requestedBy: z.string().nullable().describe('The staff user who asked for it (a receipt copy); null otherwise.'),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxMailResponse = z.object({ mail: outboxMailSchema });

/** POST /backoffice/api/Mail/RetryOutboxMail */
export const retryOutboxMailBody = mailIdBody;
