/**
 * POST /api/Form/SendForm (issue 10 §3): a form defined in content (contact, request an account) sent by a visitor.
 * The values are checked against the form's fields, stored in `form_submissions` and mailed to the form's recipient
 * through the outbox, both in one transaction; a client address may send FORM_RATE_LIMIT.maxPerClientAddress forms
 * in FORM_RATE_LIMIT.windowMs. With an Idempotency-Key a form sent again (the storefront's retry, a browser's resent
 * POST) answers its first submission and is stored and mailed once.
 */
import { randomUUID } from 'node:crypto';
import {
  type AreaInfo,
  contentDocumentBodySchema,
  FORM_RATE_LIMIT,
  type FormField,
  type SendFormBody,
  type SendFormResponse,
  SOLUTION_NAME,
} from '@b2b/contract';
import { isUniqueViolation } from '@b2b/db';
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findContentDocument } from '../content/content-document.service.ts';
import { sendMail } from '../mail/mail.ts';
import { type FormValues, validateFormValues } from './form-validation.ts';
import {
  countFormSubmissionsSince,
  findFormSubmissionByIdempotencyKey,
  insertFormSubmission,
} from './forms.repository.ts';

type FormDocument = {
  key: string;
  title: string;
  fields: FormField[];
  successMessage: string;
  recipient: string;
};

/** The form document of the area and language; 404 when there is none. */
async function requireFormDocument(ctx: RequestContext, area: AreaInfo, formId: string): Promise<FormDocument> {
  const scope = { areaId: area.areaId, languageCode: area.languageCode };
  const row = await findContentDocument(ctx, { scope, kind: 'form', key: formId });
  if (row === null) throw new AppError('NotFoundException', `There is no form ${formId} in this area and language.`);
  // Bodies are checked when written; a stored one that no longer fits the contract is a fault of ours (500).
  const body = contentDocumentBodySchema.parse(row.body);
  if (body.kind !== 'form') throw new Error(`content document ${row.key} of kind form holds a ${body.kind} body`);
  return { key: row.key, title: row.title, ...body };
}

/** One line per field, `Label: value`; a textarea's lines follow its label, indented. */
function formatSubmissionMail(form: FormDocument, area: AreaInfo, values: FormValues, submissionId: string): string {
  const lines = form.fields.map((field) => {
    const value = values[field.name];
    if (typeof value === 'boolean') return `${field.label}: ${value ? 'Yes' : 'No'}`;
    if (value === undefined) return `${field.label}: ${field.type === 'checkbox' ? 'No' : '(not given)'}`;
    if (field.type === 'textarea') return `${field.label}:\n${value.replace(/^/gm, '  ')}`;
    return `${field.label}: ${value}`;
  });
  return [
    `The form "${form.title}" was sent from the ${SOLUTION_NAME} shop (area ${area.areaId}, ${area.languageCode}).`,
    '',
    ...lines,
    '',
    `Submission ${submissionId}`,
  ].join('\n');
}

type SendFormInput = SendFormBody & { clientAddress: string; idempotencyKey?: string | undefined };

/**
 * The submission an earlier call with this Idempotency-Key made, answered again (`isNew: false`); 409 when that key
 * sent another form.
 */
async function findEarlierSubmission(
  ctx: RequestContext,
  form: FormDocument,
  input: SendFormInput,
): Promise<(SendFormResponse & { isNew: false }) | null> {
  if (!input.idempotencyKey) return null;
  // Not scoped to the client address: a resend may come from another one (a phone changing networks). The keys are
  // random and only ever in the sender's page, and the answer gives away no more than the submission's id.
  const earlier = await findFormSubmissionByIdempotencyKey(ctx.db, input.idempotencyKey);
  if (!earlier) return null;
  if (earlier.formKey !== form.key) {
    throw new AppError('ConflictException', 'This Idempotency-Key was already used to send another form.');
  }
  return { submissionId: earlier.id, message: form.successMessage, isNew: false };
}

/**
 * Sends a form: 404 for an unknown form, the first answer again for a key sent before, 429 when the client address
 * reached its limit (nothing written), 400 with every wrong field (`data.<name>`, nothing written), else stores the
 * submission with its outbox mail and answers the form's success message (`isNew: true`).
 */
export async function sendForm(
  ctx: RequestContext,
  input: SendFormInput,
): Promise<SendFormResponse & { isNew: boolean }> {
  const form = await requireFormDocument(ctx, input.area, input.formId);
  const earlier = await findEarlierSubmission(ctx, form, input);
  if (earlier) return earlier;
  // Counted before the write, outside a lock: two requests at the same moment may both pass at the limit, which is
  // close enough for a guard against flooding the recipient's mailbox.
  const since = new Date(Date.now() - FORM_RATE_LIMIT.windowMs);
  if ((await countFormSubmissionsSince(ctx.db, input.clientAddress, since)) >= FORM_RATE_LIMIT.maxPerClientAddress) {
    throw new AppError('TooManyRequestsException', 'Too many forms sent from this address. Try again later.');
  }
  const { values, errors } = validateFormValues(form.fields, input.data);
  if (errors.length > 0) {
    throw new AppError(
      'ValidationException',
      errors.map((error) => `${error.field} ${error.message}`).join('; '),
      errors,
    );
  }
  const submissionId = randomUUID();
  try {
    await inTransaction(ctx, async (txCtx) => {
      const mail = await sendMail(txCtx.db, {
        to: form.recipient,
        subject: `${SOLUTION_NAME}: ${form.title}`,
        text: formatSubmissionMail(form, input.area, values, submissionId),
        kind: 'form-submission',
      });
      await insertFormSubmission(txCtx.db, {
        id: submissionId,
        areaId: input.area.areaId,
        formKey: form.key,
        data: values,
        clientAddress: input.clientAddress,
        mailId: mail.id,
        idempotencyKey: input.idempotencyKey ?? null,
      });
    });
  } catch (error) {
    // The same key arrived twice at once and the other call stored it first: this transaction (its mail too) is
    // rolled back, and the other's submission is the answer.
    if (!isUniqueViolation(error)) throw error;
    const stored = await findEarlierSubmission(ctx, form, input);
    if (!stored) throw error;
    return stored;
  }
  return { submissionId, message: form.successMessage, isNew: true };
}
