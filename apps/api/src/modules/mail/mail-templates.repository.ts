/** Queries of the mails' stored templates (issue 28; table mail_templates: no row = the built-in text). */
import type { Executor } from '@b2b/db';
import { areas, mailTemplates, users } from '@b2b/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';

export type MailTemplateKey = { kind: string; areaId: string; languageCode: string };

export type StoredMailTemplate = MailTemplateKey & {
  subject: string;
  textBody: string;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
};

const storedColumns = {
  kind: mailTemplates.kind,
  areaId: mailTemplates.areaId,
  languageCode: mailTemplates.languageCode,
  subject: mailTemplates.subject,
  textBody: mailTemplates.textBody,
  version: mailTemplates.version,
  updatedAt: mailTemplates.updatedAt,
  updatedBy: users.username,
};

function keyIs(key: MailTemplateKey) {
  return and(
    eq(mailTemplates.kind, key.kind),
    eq(mailTemplates.areaId, key.areaId),
    eq(mailTemplates.languageCode, key.languageCode),
  );
}

/** The areas with the language each sells in: a template exists per area and language. */
export async function findAreaLanguages(db: Executor): Promise<Array<{ areaId: string; languageCode: string }>> {
  return db.select({ areaId: areas.id, languageCode: areas.languageCode }).from(areas).orderBy(asc(areas.id));
}

export async function findStoredMailTemplates(db: Executor): Promise<StoredMailTemplate[]> {
  return db.select(storedColumns).from(mailTemplates).leftJoin(users, eq(users.id, mailTemplates.updatedByUserId));
}

/** One stored template; `forUpdate` locks its row until the transaction ends (a save reads, checks, writes). */
export async function findStoredMailTemplate(
  db: Executor,
  key: MailTemplateKey,
  options: { forUpdate?: boolean } = {},
): Promise<StoredMailTemplate | null> {
  const query = db
    .select(storedColumns)
    .from(mailTemplates)
    .leftJoin(users, eq(users.id, mailTemplates.updatedByUserId))
    .where(keyIs(key));
  const [row] = options.forUpdate ? await query.for('update', { of: mailTemplates }) : await query;
  return row ?? null;
}

/**
 * The template the shop sends for `kind` in an area: the row for the area's own language, or null (the built-in
 * text applies). One query: the sender need not know the area's language.
 */
export async function findMailTemplateOfArea(
  db: Executor,
  input: { kind: string; areaId: string },
): Promise<{ subject: string; textBody: string } | null> {
  const [row] = await db
    .select({ subject: mailTemplates.subject, textBody: mailTemplates.textBody })
    .from(mailTemplates)
    .innerJoin(areas, and(eq(areas.id, mailTemplates.areaId), eq(areas.languageCode, mailTemplates.languageCode)))
    .where(and(eq(mailTemplates.kind, input.kind), eq(mailTemplates.areaId, input.areaId)));
  return row ?? null;
}

/** The first save of a template: null when another save wrote the row meanwhile (the caller answers 409). */
export async function insertMailTemplate(
  db: Executor,
  row: MailTemplateKey & { subject: string; textBody: string; userId: string },
): Promise<{ version: number } | null> {
  const [inserted] = await db
    .insert(mailTemplates)
    .values({
      kind: row.kind,
      areaId: row.areaId,
      languageCode: row.languageCode,
      subject: row.subject,
      textBody: row.textBody,
      version: 1,
      updatedByUserId: row.userId,
    })
    .onConflictDoNothing()
    .returning({ version: mailTemplates.version });
  return inserted ?? null;
}

/** A later save, only over `expectedVersion`: null when another save passed it (the caller answers 409). */
export async function updateMailTemplateRow(
  db: Executor,
  row: MailTemplateKey & { subject: string; textBody: string; userId: string; expectedVersion: number },
): Promise<{ version: number } | null> {
  const [updated] = await db
    .update(mailTemplates)
    .set({
      subject: row.subject,
      textBody: row.textBody,
      version: sql`${mailTemplates.version} + 1`,
      updatedAt: sql`now()`,
      updatedByUserId: row.userId,
    })
    .where(and(keyIs(row), eq(mailTemplates.version, row.expectedVersion)))
    .returning({ version: mailTemplates.version });
  return updated ?? null;
}

/** Removes the stored template at `expectedVersion` (the built-in text applies again); false when none matched. */
export async function deleteMailTemplate(
  db: Executor,
  key: MailTemplateKey & { expectedVersion: number },
): Promise<boolean> {
  const deleted = await db
    .delete(mailTemplates)
    .where(and(keyIs(key), eq(mailTemplates.version, key.expectedVersion)))
    .returning({ kind: mailTemplates.kind });
  return deleted.length > 0;
}
