/**
 * Drizzle queries of the forms module: form submissions and their rate-limit count (the form and modal documents are
 * read through the content module's repository).
 */
import type { Executor } from '@b2b/db';
import { formSubmissions } from '@b2b/db/schema';
import { and, count, eq, gt } from 'drizzle-orm';

/** Submissions from one client address since `since` (any form, any area: the limit guards the mailbox). */
export async function countFormSubmissionsSince(db: Executor, clientAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.clientAddress, clientAddress), gt(formSubmissions.createdAt, since)));
  return row?.value ?? 0;
}

export async function insertFormSubmission(
  db: Executor,
  submission: {
    id: string;
    areaId: string;
    formKey: string;
    data: Record<string, string | boolean>;
    clientAddress: string;
    mailId: string;
    idempotencyKey: string | null;
  },
): Promise<void> {
  await db.insert(formSubmissions).values(submission);
}

/** The submission an earlier call made with this Idempotency-Key, if any. */
export async function findFormSubmissionByIdempotencyKey(
  db: Executor,
  idempotencyKey: string,
): Promise<{ id: string; formKey: string } | null> {
  const [row] = await db
    .select({ id: formSubmissions.id, formKey: formSubmissions.formKey })
    .from(formSubmissions)
    .where(eq(formSubmissions.idempotencyKey, idempotencyKey));
  return row ?? null;
}
