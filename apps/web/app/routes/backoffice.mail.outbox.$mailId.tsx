import { data, Form, Link } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { findOutboxMail, retryOutboxMail } from '~/features/backoffice/mail/mail-api.server.ts';
import {
  MAIL_PATH,
  MAIL_STATE_BADGES,
  MAIL_STATE_LABELS,
  mailKindLabel,
} from '~/features/backoffice/mail/mail-labels.ts';
import { MailSectionHeader } from '~/features/backoffice/mail/mail-nav.tsx';
import { cn } from '~/lib/cn.ts';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.mail.outbox.$mailId';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  backofficeMeta(`${loaderData?.mail.subject ?? 'Mail'} · Mail outbox`);

/** /backoffice/mail/outbox/:mailId (issue 28): one mail as it was written, with its delivery state. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const mail = await findOutboxMail(context, params.mailId);
  if (!mail) throw data(null, { status: 404 });
  return { mail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireBackoffice(context, request);
  return retryOutboxMail(context, params.mailId);
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="w-36 shrink-0 font-medium text-neutral-700">{label}</dt>
      <dd className="min-w-0 break-words text-neutral-900">{children}</dd>
    </div>
  );
}

export default function OutboxMailRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { mail } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <MailSectionHeader title="Mail" current="outbox" />
      <p>
        <Link to={MAIL_PATH} className="text-sm text-accent-800 underline hover:text-accent-900">
          <span aria-hidden="true">‹ </span>Back to the outbox
        </Link>
      </p>
      {actionData ? (
        <Alert tone={actionData.ok ? 'success' : 'error'}>
          <p>{actionData.message}</p>
        </Alert>
      ) : null}
      <section aria-labelledby="mail-subject" className="rounded-lg border border-neutral-200 bg-white p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="mail-subject" className="text-lg font-semibold break-words">
            {mail.subject}
          </h2>
          {mail.state === 'failed' ? (
            <Form method="post">
              <Button type="submit">Retry</Button>
            </Form>
          ) : null}
        </div>
        <dl className="mt-4 flex flex-col gap-2 text-sm">
          <Detail label="State">
            <span className={cn('rounded px-2 py-0.5 text-xs font-medium', MAIL_STATE_BADGES[mail.state])}>
              {MAIL_STATE_LABELS[mail.state]}
            </span>
          </Detail>
          <Detail label="To">{mail.toAddress}</Detail>
          <Detail label="Kind">{mailKindLabel(mail.kind)}</Detail>
          {mail.orderNumber ? <Detail label="Order">{mail.orderNumber}</Detail> : null}
          {mail.requestedBy ? <Detail label="Sent at the request of">{mail.requestedBy}</Detail> : null}
          <Detail label="Written">{formatDateTime(mail.createdAt)}</Detail>
          <Detail label="Attempts">{mail.attempts}</Detail>
          {mail.sentAt ? <Detail label="Sent">{formatDateTime(mail.sentAt)}</Detail> : null}
          {mail.failedAt ? <Detail label="Given up">{formatDateTime(mail.failedAt)}</Detail> : null}
          {mail.nextAttemptAt ? <Detail label="Next attempt">{formatDateTime(mail.nextAttemptAt)}</Detail> : null}
          {mail.lastError ? (
            <Detail label="Last error">
              <span className="text-red-800">{mail.lastError}</span>
            </Detail>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="mail-text" className="rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="mail-text" className="text-base font-semibold">
          Text
        </h2>
        <pre
          data-testid="mail-text"
          className="mt-3 overflow-x-auto font-sans text-sm whitespace-pre-wrap text-neutral-900"
        >
          {mail.textBody}
        </pre>
      </section>
    </div>
  );
}
