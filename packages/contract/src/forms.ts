/** Forms and modals defined in content (spec §7: POST /api/Form/SendForm, POST /api/Modal/GetModalRequest). */
import { z } from 'zod';
import { areaInfoSchema, IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from './common.ts';
import { contentIdSchema, contentModalSchema, MAX_FORM_FIELDS, MAX_FORM_VALUE_LENGTH } from './content-blocks.ts';

/**
 * How many forms one client address may send in `windowMs` (SendForm answers 429 beyond it), so the contact form
 * cannot be used to flood the shop's mailbox.
 */
export const FORM_RATE_LIMIT = { maxPerClientAddress: 5, windowMs: 10 * 60_000 } as const;

/** POST /api/Form/SendForm: the form's id and its values by field name (checkboxes as booleans). */
export const sendFormBody = z
  .object({
    area: areaInfoSchema,
    formId: contentIdSchema,
    data: z
      .record(
        z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,49}$/, 'must be a field name'),
        z.union([z.string().max(MAX_FORM_VALUE_LENGTH), z.boolean()]),
      )
      .refine((data) => Object.keys(data).length <= MAX_FORM_FIELDS, `must hold at most ${MAX_FORM_FIELDS} fields`)
      .describe("Field name → value, checked against the form's fields (unknown names are refused)."),
  })
  .strict();
export type SendFormBody = z.infer<typeof sendFormBody>;

/** Only the Idempotency-Key is read; the other headers pass through untouched. */
export const sendFormHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema
    .optional()
    .describe('Idempotency-Key header: a form sent again with the same key is stored and mailed once.'),
});

export const sendFormResponse = z.object({
  submissionId: z.uuid(),
  message: z.string().describe("The form's success message."),
});
export type SendFormResponse = z.infer<typeof sendFormResponse>;

/** POST /api/Modal/GetModalRequest: the modals that apply to a page for this visitor. */
export const getModalRequestBody = z
  .object({
    area: areaInfoSchema,
    url: z.string().min(1).max(2000).regex(/^\//, 'must be a path starting with /').describe('Path of the page shown.'),
  })
  .strict();
export type GetModalRequestBody = z.infer<typeof getModalRequestBody>;

export const getModalRequestResponse = z.object({
  modals: z
    .array(contentModalSchema)
    .describe(
      'Modals whose path prefixes match and whose audience includes the caller; the storefront remembers dismissals.',
    ),
});
export type GetModalRequestResponse = z.infer<typeof getModalRequestResponse>;
