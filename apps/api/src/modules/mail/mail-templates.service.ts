/**
 * The mails' templates (issue 28): staff read, edit and reset them per area and language; the senders (order
 * confirmation, receipt copy, password recovery) read the one that applies with `findMailTemplateText`. A save names
 * the version it started from, so one editor never overwrites another's save unseen (409), and records an audit
 * entry in its transaction.
 */
import type { MailTemplate, MailTemplateKind } from '@b2b/contract';
import { MAIL_TEMPLATE_KINDS } from '@b2b/contract';
import { inTransaction, type RequestContext, requireUser } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import {
  deleteMailTemplate,
  findAreaLanguages,
  findMailTemplateOfArea,
  findStoredMailTemplate,
  findStoredMailTemplates,
  insertMailTemplate,
  type MailTemplateKey,
  type StoredMailTemplate,
  updateMailTemplateRow,
} from './mail-templates.repository.ts';
import { findTemplateProblems, MAIL_TEMPLATE_DEFINITIONS, type MailTemplateText } from './mail-templates.ts';

type TemplateKey = { kind: MailTemplateKind; areaId: string; languageCode: string };

function toMailTemplate(key: TemplateKey, stored: StoredMailTemplate | null): MailTemplate {
  const definition = MAIL_TEMPLATE_DEFINITIONS[key.kind];
  return {
    kind: key.kind,
    label: definition.label,
    areaId: key.areaId as MailTemplate['areaId'],
    languageCode: key.languageCode,
    subject: stored?.subject ?? definition.builtIn.subject,
    body: stored?.textBody ?? definition.builtIn.body,
    isCustomised: stored !== null,
    version: stored?.version ?? 0,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
    updatedBy: stored ? stored.updatedBy : null,
    builtIn: { ...definition.builtIn },
    placeholders: definition.placeholders.map((placeholder) => ({ ...placeholder })),
  };
}

function keyText(key: MailTemplateKey): string {
  return `${key.kind}/${key.areaId}/${key.languageCode}`;
}

/** POST /backoffice/api/Mail/GetTemplates: each mail per area and the area's language, as the shop sends it now. */
export async function getMailTemplates(
  ctx: RequestContext,
  input: { kind?: MailTemplateKind | undefined; areaId?: string | undefined },
): Promise<{ templates: MailTemplate[] }> {
  const [areaLanguages, stored] = await Promise.all([findAreaLanguages(ctx.db), findStoredMailTemplates(ctx.db)]);
  const storedByKey = new Map(stored.map((row) => [keyText(row), row]));
  const templates = MAIL_TEMPLATE_KINDS.filter((kind) => !input.kind || kind === input.kind).flatMap((kind) =>
    areaLanguages
      .filter((area) => !input.areaId || area.areaId === input.areaId)
      .map((area) => {
        const key = { kind, ...area };
        return toMailTemplate(key, storedByKey.get(keyText(key)) ?? null);
      }),
  );
  return { templates };
}

/**
 * The subject and body the shop sends for `kind` in an area now: the stored template of the area's language, or
 * the built-in text. Senders call it in their own transaction.
 */
export async function findMailTemplateText(
  ctx: RequestContext,
  input: { kind: MailTemplateKind; areaId: string },
): Promise<MailTemplateText> {
  const stored = await findMailTemplateOfArea(ctx.db, input);
  return stored ? { subject: stored.subject, body: stored.textBody } : MAIL_TEMPLATE_DEFINITIONS[input.kind].builtIn;
}

/** 400 naming each problem of a template (unknown or misplaced placeholder, a required one missing). */
export function assertValidMailTemplate(kind: MailTemplateKind, template: MailTemplateText): void {
  const problems = findTemplateProblems(kind, template);
  if (problems.length > 0) {
    throw new AppError(
      'ValidationException',
      problems.map((problem) => `${problem.field} ${problem.message}`).join('; '),
      problems,
    );
  }
}

/** 400 unless the language is the one the area sells in (a template of another language would never be sent). */
export async function assertAreaLanguage(ctx: RequestContext, key: { areaId: string; languageCode: string }) {
  const area = (await findAreaLanguages(ctx.db)).find((candidate) => candidate.areaId === key.areaId);
  if (!area) throw validationError('areaId', `${key.areaId} is not a sales area`);
  if (area.languageCode !== key.languageCode) {
    throw validationError('languageCode', `must be ${area.languageCode}, the language area ${key.areaId} sells in`);
  }
}

function staleTemplate(key: TemplateKey, current: StoredMailTemplate | null): AppError {
  const label = `${MAIL_TEMPLATE_DEFINITIONS[key.kind].label} (${key.areaId}, ${key.languageCode})`;
  const now = current
    ? `version ${current.version}, saved by ${current.updatedBy ?? 'someone'} at ${current.updatedAt.toISOString()}`
    : 'the built-in text';
  return new AppError(
    'ConflictException',
    `${label} was changed meanwhile; it is now ${now}. Nothing was saved: load it again and redo your change.`,
    [{ field: 'version', message: `is stale; the current version is ${current?.version ?? 0}` }],
  );
}

function auditText(template: { subject: string; body: string } | null) {
  return template ? { subject: template.subject, body: template.body } : null;
}

/** POST /backoffice/api/Mail/UpdateTemplate. */
export async function updateMailTemplate(
  ctx: RequestContext,
  input: TemplateKey & { subject: string; body: string; version: number },
): Promise<{ template: MailTemplate }> {
  const user = requireUser(ctx);
  await assertAreaLanguage(ctx, input);
  assertValidMailTemplate(input.kind, input);
  const key: TemplateKey = { kind: input.kind, areaId: input.areaId, languageCode: input.languageCode };
  return inTransaction(ctx, async (txCtx) => {
    const current = await findStoredMailTemplate(txCtx.db, key, { forUpdate: true });
    if ((current?.version ?? 0) !== input.version) throw staleTemplate(key, current);
    const row = { ...key, subject: input.subject, textBody: input.body, userId: user.id };
    const saved = current
      ? await updateMailTemplateRow(txCtx.db, { ...row, expectedVersion: input.version })
      : await insertMailTemplate(txCtx.db, row);
    if (!saved) throw staleTemplate(key, await findStoredMailTemplate(txCtx.db, key));
    const before = toMailTemplate(key, current);
    await recordAuditEntry(txCtx, {
      objectType: 'mail-template',
      objectId: keyText(key),
      action: 'update',
      summary: `${before.label} (${key.areaId}, ${key.languageCode}) saved as version ${saved.version}`,
      before: { ...auditText(before), isCustomised: before.isCustomised },
      after: { subject: input.subject, body: input.body },
    });
    return { template: toMailTemplate(key, await findStoredMailTemplate(txCtx.db, key)) };
  });
}

/** POST /backoffice/api/Mail/ResetTemplate: the built-in text applies again. */
export async function resetMailTemplate(
  ctx: RequestContext,
  input: TemplateKey & { version: number },
): Promise<{ template: MailTemplate }> {
  const key: TemplateKey = { kind: input.kind, areaId: input.areaId, languageCode: input.languageCode };
  return inTransaction(ctx, async (txCtx) => {
    const current = await findStoredMailTemplate(txCtx.db, key, { forUpdate: true });
    const label = MAIL_TEMPLATE_DEFINITIONS[key.kind].label;
    if (!current) {
      throw new AppError('NotFoundException', `${label} (${key.areaId}, ${key.languageCode}) is the built-in text.`);
    }
    if (
      current.version !== input.version ||
      !(await deleteMailTemplate(txCtx.db, { ...key, expectedVersion: input.version }))
    ) {
      throw staleTemplate(key, current);
    }
    await recordAuditEntry(txCtx, {
      objectType: 'mail-template',
      objectId: keyText(key),
      action: 'reset',
      summary: `${label} (${key.areaId}, ${key.languageCode}) reset to the built-in text`,
      before: { subject: current.subject, body: current.textBody, version: current.version },
      after: auditText(MAIL_TEMPLATE_DEFINITIONS[key.kind].builtIn),
    });
    return { template: toMailTemplate(key, null) };
  });
}
