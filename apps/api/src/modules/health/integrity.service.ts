/**
 * The integrity report behind the storefront's /integrity/Check (spec §2 static routes, issue 10 §2): the database
 * answers, its migrations are those of this build, the search index is fresh, the mail outbox is not stuck. Every
 * check catches its own failure, so a dead database is reported as failing checks, never as a 500.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IntegrityCheckResponse, IntegrityReport } from '@b2b/contract';
import { MIGRATIONS_FOLDER } from '@b2b/db';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';
import { isSameSecret } from '../../lib/secret-comparison.ts';
import type { SearchIndexService } from '../search/search-index.service.ts';
import { countAppliedMigrations, findMailBacklog } from './integrity.repository.ts';

type Check = IntegrityReport['checks'][number];

type IntegrityDependencies = { searchIndex: SearchIndexService; isMailDeliveryOn: boolean };

/**
 * The index rebuilds on every catalogue change and at least every 10 minutes (search-index.service.ts); older than
 * two of those rebuilds and a few minutes' grace, it has stopped refreshing.
 */
export const SEARCH_INDEX_MAX_AGE_MS = 25 * 60_000;
/** Delivery runs every few seconds (MAIL_DELIVERY_INTERVAL_MS); a mail waiting this long means it is stuck. */
export const MAIL_BACKLOG_MAX_AGE_MS = 15 * 60_000;

/** The migrations this build ships: the entries of drizzle's journal, read once. */
let journalEntryCount: number | undefined;
function countJournalEntries(): number {
  if (journalEntryCount === undefined) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    journalEntryCount = journal.entries.length;
  }
  return journalEntryCount;
}

/**
 * Runs a check; anything it throws makes it fail with `failureDetail` (no error text: the report is for operators and
 * monitors, not a place for stack traces).
 */
async function runCheck(name: Check['name'], failureDetail: string, check: () => Promise<Omit<Check, 'name'>>) {
  try {
    return { name, ...(await check()) };
  } catch {
    return { name, ok: false, detail: failureDetail };
  }
}

function seconds(milliseconds: number): number {
  return Math.max(0, Math.round(milliseconds / 1000));
}

function mailsWaiting(count: number): string {
  return `${count} ${count === 1 ? 'mail' : 'mails'} waiting`;
}

/**
 * The outbox's backlog as the mail check reads it, for the metrics (ADR 039): mails neither sent nor given up, and the
 * age of the oldest in seconds by the database's clock (0 when none waits). The outbox is shared by every instance.
 */
export async function getMailBacklog(ctx: RequestContext): Promise<{ waiting: number; oldestAgeSeconds: number }> {
  return findMailBacklog(ctx.db);
}

/**
 * GET /api/Integrity/Check (public): the report, whose checks only the back office and a monitor with the integrity
 * token (INTEGRITY_CHECK_TOKEN, compared in constant time) may read; anyone else learns the status alone (issue 24).
 * A wrong token is answered like none, so the answer tells nothing about it.
 */
export async function getIntegrityCheck(
  ctx: RequestContext,
  input: { integrityToken: string | undefined },
  dependencies: IntegrityDependencies & { integrityCheckToken: string | undefined },
): Promise<IntegrityCheckResponse> {
  const report = await checkIntegrity(ctx, dependencies);
  // The route is public (monitors poll it); what the back-office policy would guard is the detail, not the call.
  const isBackOffice = ctx.user?.roles.includes('backoffice') ?? false;
  const { integrityToken } = input;
  const { integrityCheckToken } = dependencies;
  const hasToken =
    integrityToken !== undefined &&
    integrityCheckToken !== undefined &&
    isSameSecret(integrityToken, integrityCheckToken);
  return isBackOffice || hasToken ? report : { status: report.status };
}

/**
 * Runs every check. `status` is `failing` when any check fails. Mail: with SMTP delivery switched off (no SMTP_URL)
 * mails stay in the outbox by design, so a backlog is reported but does not fail the check.
 */
export async function checkIntegrity(
  ctx: RequestContext,
  dependencies: IntegrityDependencies,
): Promise<IntegrityReport> {
  const checkedAt = new Date();
  const checks: Check[] = [
    await runCheck('database', 'the database does not answer', async () => {
      await ctx.db.execute(sql`select 1`);
      return { ok: true, detail: 'the database answers' };
    }),
    await runCheck('migrations', 'the applied migrations could not be read', async () => {
      const shipped = countJournalEntries();
      const applied = await countAppliedMigrations(ctx.db);
      if (applied === shipped) return { ok: true, detail: `${applied} of ${shipped} migrations applied` };
      if (applied < shipped) return { ok: false, detail: `${applied} of ${shipped} migrations applied` };
      return { ok: false, detail: `${applied} migrations applied, this build knows ${shipped}` };
    }),
    await runCheck('searchIndex', 'the search index has not been built', async () => {
      const ageMs = checkedAt.getTime() - dependencies.searchIndex.catalogue.builtAt.getTime();
      const detail = `index built ${seconds(ageMs)} s ago`;
      return ageMs <= SEARCH_INDEX_MAX_AGE_MS
        ? { ok: true, detail }
        : { ok: false, detail: `${detail}; it should rebuild at least every 10 minutes` };
    }),
    await runCheck('mailOutbox', 'the mail outbox could not be read', async () => {
      const backlog = await findMailBacklog(ctx.db);
      if (backlog.waiting === 0) return { ok: true, detail: '0 mails waiting' };
      const detail = `${mailsWaiting(backlog.waiting)}, the oldest for ${Math.round(backlog.oldestAgeSeconds)} s`;
      if (!dependencies.isMailDeliveryOn) return { ok: true, detail: `${detail} (delivery is off: SMTP_URL unset)` };
      return { ok: backlog.oldestAgeSeconds * 1000 <= MAIL_BACKLOG_MAX_AGE_MS, detail };
    }),
  ];
  return {
    status: checks.every((check) => check.ok) ? 'ok' : 'failing',
    checkedAt: checkedAt.toISOString(),
    checks,
  };
}
