import type { GetAssistedSessionsResponse, ImpersonationSession } from '@b2b/contract/impersonation';
import { Pagination } from '~/components/ui/pagination.tsx';
import { formatDateTime } from '~/lib/format.ts';

const END_REASONS: Record<NonNullable<ImpersonationSession['endReason']>, string> = {
  ended: 'Ended by the sales rep',
  logout: 'Ended when the sales rep logged out',
  'password-changed': "Ended when the sales rep's password changed",
  replaced: 'Ended when the sales rep acted for another customer',
  expired: 'Ended after 8 hours',
};

function sessionState(session: ImpersonationSession): string {
  if (!session.endReason) return 'Running';
  const reason = END_REASONS[session.endReason];
  return session.endedAt ? `${reason}, ${formatDateTime(session.endedAt)} (UTC)` : reason;
}

/**
 * /customer-center/assisted-sessions (ADR 013): every time a sales rep acted for this customer, newest first: who,
 * when, why, and what changed. The customer's side of the accountability the back office sees too.
 */
export function AssistedSessionsPage({
  sessions,
  hrefForPage,
}: {
  sessions: GetAssistedSessionsResponse;
  hrefForPage: (page: number) => string;
}) {
  const pageCount = Math.max(1, Math.ceil(sessions.totalCount / sessions.pageSize));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Assisted sessions</h1>
        <p className="mt-1 max-w-prose text-sm text-neutral-700">
          When a sales rep acts for your company (for a phone order or a visit), everything they change is listed here.
        </p>
      </div>
      {sessions.sessions.length === 0 ? (
        <p data-testid="assisted-sessions-empty" className="rounded-lg border border-neutral-200 bg-white p-6">
          No sales rep has acted for you yet.
        </p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Assisted sessions, newest first">
          {sessions.sessions.map((session) => {
            const headingId = `assisted-session-${session.sessionId}`;
            return (
              <li key={session.sessionId}>
                <article
                  aria-labelledby={headingId}
                  data-testid="assisted-session"
                  className="rounded-lg border border-neutral-200 bg-white p-4"
                >
                  <h2 id={headingId} className="text-lg font-semibold">
                    {session.salesPerson.name} (sales rep), {formatDateTime(session.startedAt)} (UTC)
                  </h2>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                    <dt className="text-neutral-600">Reason</dt>
                    <dd data-testid="assisted-session-reason" className="break-words">
                      {session.reason || '–'}
                    </dd>
                    <dt className="text-neutral-600">Status</dt>
                    <dd>{sessionState(session)}</dd>
                  </dl>
                  <h3 className="mt-3 text-sm font-semibold">What changed</h3>
                  {session.actions.length === 0 ? (
                    <p className="mt-1 text-sm text-neutral-700">Nothing was changed.</p>
                  ) : (
                    <ul className="mt-1 flex flex-col gap-1 text-sm">
                      {/* Actions have no id; the same call at the same instant with the same words is one entry. */}
                      {session.actions.map((action) => (
                        <li
                          key={`${action.at} ${action.kind} ${action.summary}`}
                          data-testid="assisted-session-action"
                          className="break-words"
                        >
                          <span className="text-neutral-600">{formatDateTime(action.at)}:</span> {action.summary}
                        </li>
                      ))}
                    </ul>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination
        label="Assisted session pages"
        currentPage={sessions.pageNr}
        pageCount={pageCount}
        hrefForPage={hrefForPage}
      />
    </div>
  );
}
