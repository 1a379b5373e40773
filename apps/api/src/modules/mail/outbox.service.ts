/**
 * The outbox as the back office sees it (issue 28; ADR 009): every mail the shop wrote, whether it was sent, is
 * still waiting, or was given up with the SMTP server's answer, and a retry of a mail given up.
 */
import type {
  GetOutboxBySearchResponse,
  MailOutboxState,
  OutboxMail,
  OutboxMailSummary,
  OutboxSortField,
} from '@b2b/contract';
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import { findOutboxMail, type OutboxMailRow, requeueFailedMail, searchOutboxMails } from './outbox.repository.ts';

type SummaryRow = Omit<OutboxMailRow, 'textBody' | 'htmlBody' | 'requestedBy'>;

function stateOf(row: { sentAt: Date | null; failedAt: Date | null }): MailOutboxState {
  if (row.sentAt) return 'sent';
  return row.failedAt ? 'failed' : 'pending';
}

function toSummary(row: SummaryRow): OutboxMailSummary {
  const state = stateOf(row);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    toAddress: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    state,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    orderNumber: row.orderNumber,
  };
}

function toOutboxMail(row: OutboxMailRow): OutboxMail {
  return { ...toSummary(row), textBody: row.textBody, htmlBody: row.htmlBody, requestedBy: row.requestedBy };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /backoffice/api/Mail/GetOutboxBySearch: newest first unless another order is asked for; the period is whole
 * UTC days, both ends included.
 */
export async function getOutboxBySearch(
  ctx: RequestContext,
  input: {
    state?: MailOutboxState | undefined;
    kind?: string | undefined;
    recipient?: string | undefined;
    createdFrom?: string | undefined;
    createdTo?: string | undefined;
    sortBy: OutboxSortField;
    sortDirection: 'asc' | 'desc';
    pageNr: number;
    pageSize: number;
  },
): Promise<GetOutboxBySearchResponse> {
  const { rows, totalCount } = await searchOutboxMails(ctx.db, {
    state: input.state,
    kind: input.kind,
    recipient: input.recipient,
    createdFrom: input.createdFrom ? new Date(`${input.createdFrom}T00:00:00Z`) : undefined,
    createdBefore: input.createdTo ? new Date(Date.parse(`${input.createdTo}T00:00:00Z`) + DAY_MS) : undefined,
    sortBy: input.sortBy,
    sortDirection: input.sortDirection,
    limit: input.pageSize,
    offset: (input.pageNr - 1) * input.pageSize,
  });
  return { mails: rows.map(toSummary), totalCount, pageNr: input.pageNr, pageSize: input.pageSize };
}

function mailNotFound(mailId: string): AppError {
  return new AppError('NotFoundException', `Mail ${mailId} is not in the outbox.`);
}

/** POST /backoffice/api/Mail/GetOutboxMail */
export async function getOutboxMail(ctx: RequestContext, input: { mailId: string }): Promise<{ mail: OutboxMail }> {
  const row = await findOutboxMail(ctx.db, input.mailId);
  if (!row) throw mailNotFound(input.mailId);
  return { mail: toOutboxMail(row) };
}

/**
 * POST /backoffice/api/Mail/RetryOutboxMail: a mail delivery gave up on is due again now, with a fresh count of
 * attempts. A sent mail is 409 (it would arrive twice), and so is a pending one (delivery still tries it by itself).
 */
export async function retryOutboxMail(ctx: RequestContext, input: { mailId: string }): Promise<{ mail: OutboxMail }> {
  return inTransaction(ctx, async (txCtx) => {
    const before = await findOutboxMail(txCtx.db, input.mailId, { forUpdate: true });
    if (!before) throw mailNotFound(input.mailId);
    const state = stateOf(before);
    if (state !== 'failed' || !(await requeueFailedMail(txCtx.db, input.mailId))) {
      throw new AppError(
        'ConflictException',
        state === 'sent'
          ? `The mail to ${before.toAddress} was sent at ${before.sentAt?.toISOString()}; a retry would send it twice.`
          : `The mail to ${before.toAddress} is still pending; delivery tries it again at ${before.nextAttemptAt.toISOString()}.`,
        [{ field: 'mailId', message: `is ${state}; only a failed mail can be retried` }],
      );
    }
    await recordAuditEntry(txCtx, {
      objectType: 'mail',
      objectId: before.id,
      action: 'retry',
      summary: `Mail "${before.subject}" to ${before.toAddress} retried after ${before.attempts} attempts`,
      before: { state, attempts: before.attempts, lastError: before.lastError, failedAt: before.failedAt },
      after: { state: 'pending', attempts: 0 },
    });
    const after = await findOutboxMail(txCtx.db, input.mailId);
    if (!after) throw mailNotFound(input.mailId);
    return { mail: toOutboxMail(after) };
  });
}
