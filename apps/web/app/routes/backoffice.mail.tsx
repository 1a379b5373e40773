import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { OUTBOX_PAGE_SIZE, retryOutboxMail, searchOutbox } from '~/features/backoffice/mail/mail-api.server.ts';
import {
  MAIL_KIND_LABELS,
  MAIL_PATH,
  MAIL_STATE_BADGES,
  MAIL_STATE_LABELS,
  mailKindLabel,
  outboxMailPath,
} from '~/features/backoffice/mail/mail-labels.ts';
import { MailSectionHeader } from '~/features/backoffice/mail/mail-nav.tsx';
import { isOutboxFiltered, outboxHref, parseOutboxParams } from '~/features/backoffice/mail/outbox-params.ts';
import { SortableHeader } from '~/features/backoffice/sortable-header.tsx';
import { cn } from '~/lib/cn.ts';
import { formatCount, formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.mail';

export const meta: Route.MetaFunction = () => backofficeMeta('Mail outbox');

/** /backoffice/mail (issue 28): every mail the shop wrote, with its delivery state; filters and sorting in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const params = parseOutboxParams(new URL(request.url).searchParams);
  const page = await searchOutbox(context, params);
  return { params, page, pageCount: Math.max(1, Math.ceil(page.totalCount / OUTBOX_PAGE_SIZE)) };
}

/** Retry of a failed mail from its row. */
export async function action({ request, context }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const form = await request.formData();
  return retryOutboxMail(context, String(form.get('mailId') ?? ''));
}

const CELL = 'px-3 py-2 align-top';
const SELECT = 'rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900';

export default function MailOutboxRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { params, page, pageCount } = loaderData;
  const navigation = useNavigation();
  const isFiltered = isOutboxFiltered(params);
  return (
    <div className="flex flex-col gap-5">
      <MailSectionHeader title="Mail outbox" current="outbox" />
      <p className="max-w-3xl text-sm text-neutral-700">
        Every mail the shop writes waits here until it is delivered. A mail the mail server refused for good, or after 8
        attempts, is <strong>failed</strong>: read its last error, fix the cause, then retry it.
      </p>
      <Form method="get" role="search" aria-label="Filter the outbox" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="outbox-state" className="text-sm font-medium text-neutral-800">
            State
          </label>
          <select id="outbox-state" name="state" defaultValue={params.state} className={SELECT}>
            <option value="">All states</option>
            {Object.entries(MAIL_STATE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="outbox-kind" className="text-sm font-medium text-neutral-800">
            Kind
          </label>
          <select id="outbox-kind" name="kind" defaultValue={params.kind} className={SELECT}>
            <option value="">All kinds</option>
            {Object.entries(MAIL_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Recipient" name="to" type="search" defaultValue={params.recipient} maxLength={200} />
        <TextField label="Written from" name="from" type="date" defaultValue={params.createdFrom} />
        <TextField label="Written until" name="until" type="date" defaultValue={params.createdTo} />
        <Button type="submit" severity="primary">
          Filter
        </Button>
        {isFiltered ? (
          <Link to={MAIL_PATH} className={buttonClassName('secondary')}>
            Show all
          </Link>
        ) : null}
      </Form>
      {actionData ? (
        <Alert tone={actionData.ok ? 'success' : 'error'}>
          <p>{actionData.message}</p>
        </Alert>
      ) : null}
      <p role="status" className="text-sm text-neutral-600" aria-busy={navigation.state === 'loading'}>
        {page.totalCount === 1 ? '1 mail' : `${formatCount(page.totalCount)} mails`}
        {isFiltered ? ' match' : ''}
      </p>
      {page.mails.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
          {isFiltered ? 'No mail matches these filters.' : 'The outbox is empty: the shop has written no mail yet.'}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full min-w-[60rem] text-left text-sm">
            <caption className="sr-only">Mails of the outbox</caption>
            <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
              <tr>
                <SortableHeader field="createdAt" label="Written" sort={params.sort} />
                <SortableHeader field="toAddress" label="To" sort={params.sort} />
                <SortableHeader field="subject" label="Subject" sort={params.sort} />
                <SortableHeader field="kind" label="Kind" sort={params.sort} />
                <th scope="col" className="px-3 py-2 font-semibold">
                  State
                </th>
                <SortableHeader field="attempts" label="Attempts" sort={params.sort} className="text-right" />
                <th scope="col" className="px-3 py-2 font-semibold">
                  Last error
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.mails.map((mail) => (
                <tr key={mail.id} data-testid="outbox-row" className="border-b border-neutral-100 last:border-0">
                  <td className={cn(CELL, 'whitespace-nowrap')}>{formatDateTime(mail.createdAt)}</td>
                  <td className={cn(CELL, 'break-words')}>{mail.toAddress}</td>
                  <th scope="row" className={cn(CELL, 'font-normal')}>
                    <Link to={outboxMailPath(mail.id)} className="text-accent-800 underline hover:text-accent-900">
                      {mail.subject}
                    </Link>
                  </th>
                  <td className={cn(CELL, 'whitespace-nowrap')}>{mailKindLabel(mail.kind)}</td>
                  <td className={CELL}>
                    <span
                      className={cn(
                        'rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap',
                        MAIL_STATE_BADGES[mail.state],
                      )}
                    >
                      {MAIL_STATE_LABELS[mail.state]}
                    </span>
                  </td>
                  <td className={cn(CELL, 'text-right tabular-nums')}>{mail.attempts}</td>
                  <td className={cn(CELL, 'max-w-64 break-words text-neutral-700')}>{mail.lastError ?? '–'}</td>
                  <td className={cn(CELL, 'text-right')}>
                    {mail.state === 'failed' ? (
                      <Form method="post" action={outboxHref(MAIL_PATH, params)}>
                        <input type="hidden" name="mailId" value={mail.id} />
                        <Button type="submit" severity="secondary" className="px-3 py-1 text-sm">
                          Retry<span className="sr-only"> the mail to {mail.toAddress}</span>
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label="Outbox pages"
        currentPage={params.page}
        pageCount={pageCount}
        hrefForPage={(pageNr) => outboxHref(MAIL_PATH, { ...params, page: pageNr })}
      />
    </div>
  );
}
