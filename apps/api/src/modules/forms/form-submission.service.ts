/**
 * POST /api/Form/SendForm (issue 10 §3): a form defined in content (contact, request an account) sent by a visitor.
 * The values are checked against the form's fields, stored in `form_submissions` and mailed to the form's recipient
 * through the outbox, both in one transaction; a client address may send FORM_RATE_LIMIT.maxPerClientAddress forms
 * in FORM_RATE_LIMIT.windowMs.
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
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findDocumentsByKeys } from '../content/content-document.repository.ts';
import { sendMail } from '../mail/mail.ts';
import { type FormValues, validateFormValues } from './form-validation.ts';
import { countFormSubmissionsSince, insertFormSubmission } from './forms.repository.ts';

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
  const [row] = await findDocumentsByKeys(ctx.db, scope, 'form', [formId]);
  if (row === undefined)
    throw new AppError('NotFoundException', `There is no form ${formId} in this area and language.`);
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

/**
 * Sends a form: 404 for an unknown form, 429 when the client address reached its limit (nothing written), 400 with
 * every wrong field (`data.<name>`, nothing written), else stores the submission with its outbox mail and answers
 * the form's success message.
 */
export async function sendForm(
  ctx: RequestContext,
  input: SendFormBody & { clientAddress: string },
): Promise<SendFormResponse> {
  const form = await requireFormDocument(ctx, input.area, input.formId);
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
    });
  });
  return { submissionId, message: form.successMessage };
}
