import type { MailTemplate, MailTemplateKind } from '@b2b/contract/backoffice-mail';
import { useEffect, useRef } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { ConfirmAction } from '~/features/backoffice/confirm-action.tsx';
import {
  getMailTemplates,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  type TemplateForm,
} from '~/features/backoffice/mail/mail-api.server.ts';
import { MAIL_TEMPLATES_PATH } from '~/features/backoffice/mail/mail-labels.ts';
import { MailSectionHeader } from '~/features/backoffice/mail/mail-nav.tsx';
import { cn } from '~/lib/cn.ts';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.mail.templates';

export const meta: Route.MetaFunction = () => backofficeMeta('Mail templates');

const AREA_NAMES: Record<string, string> = { eu: 'EU', us: 'US' };

function templateHref(template: Pick<MailTemplate, 'kind' | 'areaId'>): string {
  return `${MAIL_TEMPLATES_PATH}?kind=${template.kind}&area=${template.areaId}`;
}

/**
 * /backoffice/mail/templates (issue 28): the texts of the shop's three mails per area, each edited with its
 * placeholders listed, previewed from a real order before it is saved, and reset to the built-in text. The template
 * being edited is named in the URL (`?kind=order-confirmation&area=eu`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const url = new URL(request.url);
  const { templates } = await getMailTemplates(context);
  const kind = url.searchParams.get('kind') ?? templates[0]?.kind;
  const areaId = url.searchParams.get('area') ?? templates[0]?.areaId;
  const selected = templates.find((template) => template.kind === kind && template.areaId === areaId);
  if (!selected) throw data(null, { status: 404 });
  return { templates, selected };
}

function readForm(form: FormData): TemplateForm {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    kind: text('kind') as MailTemplateKind,
    areaId: text('areaId') as TemplateForm['areaId'],
    languageCode: text('languageCode'),
    // Line ends as the browser sends them (CRLF) become the mail's own (LF).
    subject: text('subject'),
    body: text('body').replace(/\r\n?/g, '\n'),
    version: Number(text('version')),
    orderNumber: text('orderNumber').trim(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const formData = await request.formData();
  const form = readForm(formData);
  switch (formData.get('intent')) {
    case 'preview':
      return { intent: 'preview' as const, ...(await previewMailTemplate(context, form)) };
    case 'save':
      return { intent: 'save' as const, result: await saveMailTemplate(context, form) };
    case 'reset':
      return { intent: 'reset' as const, result: await resetMailTemplate(context, form) };
    default:
      throw data(null, { status: 400 });
  }
}

type ActionData = Route.ComponentProps['actionData'];

/** The outcome of the last press: saved, reset, or why the API refused (with the field errors). */
function outcomeOf(actionData: ActionData) {
  if (!actionData) return null;
  if ('result' in actionData) return actionData.result;
  if ('ok' in actionData) return actionData;
  return null;
}

function TemplateList({ templates, selected }: { templates: MailTemplate[]; selected: MailTemplate }) {
  return (
    <nav aria-label="Mail templates" className="rounded-lg border border-neutral-200 bg-white p-2 lg:w-64 lg:shrink-0">
      <ul className="flex flex-col gap-1">
        {templates.map((template) => {
          const isCurrent = template.kind === selected.kind && template.areaId === selected.areaId;
          return (
            <li key={`${template.kind}/${template.areaId}`}>
              <Link
                to={templateHref(template)}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm hover:bg-neutral-100',
                  isCurrent && 'bg-neutral-100 font-semibold',
                )}
              >
                <span>
                  {template.label}{' '}
                  <span className="text-neutral-600">
                    · {AREA_NAMES[template.areaId] ?? template.areaId} · {template.languageCode}
                  </span>
                </span>
                <span
                  className={cn(
                    'rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap',
                    template.isCustomised ? 'bg-sky-100 text-sky-900' : 'bg-neutral-200 text-neutral-800',
                  )}
                >
                  {template.isCustomised ? 'Edited' : 'Built-in'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Placeholders({ template }: { template: MailTemplate }) {
  return (
    <section aria-labelledby="placeholders-heading" className="rounded-lg border border-neutral-200 bg-white p-4">
      <h3 id="placeholders-heading" className="text-sm font-semibold">
        Placeholders
      </h3>
      <p className="mt-1 text-xs text-neutral-600">
        Write them in braces. A line holding only an empty one (no reference, no notes) is left out.
      </p>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        {template.placeholders.map((placeholder) => (
          <div key={placeholder.name}>
            <dt className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-xs">{`{${placeholder.name}}`}</code>
              {placeholder.isRequired ? <span className="text-xs font-semibold text-red-800">required</span> : null}
              {placeholder.isMultiline ? <span className="text-xs text-neutral-600">body only</span> : null}
            </dt>
            <dd className="mt-0.5 text-neutral-700">{placeholder.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function MailTemplatesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, selected } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const outcome = outcomeOf(actionData);
  const fieldErrors = outcome && !outcome.ok ? outcome.fieldErrors : {};
  const preview = actionData && 'preview' in actionData ? actionData.preview : null;
  const previewRef = useRef<HTMLElement>(null);
  // A new preview may render below the fold (on a phone, always): bring it into view and move focus to it.
  useEffect(() => {
    if (preview) previewRef.current?.focus();
  }, [preview]);
  const keyFields = {
    kind: selected.kind,
    areaId: selected.areaId,
    languageCode: selected.languageCode,
    version: String(selected.version),
  };
  const title = `${selected.label} · ${AREA_NAMES[selected.areaId] ?? selected.areaId} · ${selected.languageCode}`;
  return (
    <div className="flex flex-col gap-5">
      <MailSectionHeader title="Mail templates" current="templates" />
      <div className="flex flex-col gap-5 lg:flex-row lg:items-start">
        <TemplateList templates={templates} selected={selected} />
        <section aria-labelledby="editor-heading" className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="editor-heading" className="text-lg font-semibold">
                {title}
              </h2>
              <p className="text-sm text-neutral-700">
                {selected.isCustomised
                  ? `Edited: version ${selected.version}, saved by ${selected.updatedBy ?? 'unknown'}${
                      selected.updatedAt ? ` on ${formatDateTime(selected.updatedAt)}` : ''
                    }.`
                  : 'The built-in text. Saving makes your text the one the shop sends in this area.'}
              </p>
            </div>
            {selected.isCustomised ? (
              <ConfirmAction
                label="Reset to built-in"
                title={`Reset the ${selected.label.toLowerCase()} (${AREA_NAMES[selected.areaId]}) to the built-in text?`}
                confirmLabel="Reset"
                fields={{ intent: 'reset', ...keyFields }}
              >
                <p>
                  Your edited subject and body (version {selected.version}) are discarded; the shop sends the built-in
                  text from then on. The audit log keeps the discarded text.
                </p>
              </ConfirmAction>
            ) : null}
          </div>
          {outcome ? (
            <Alert tone={outcome.ok ? 'success' : 'error'}>
              <p>{outcome.message}</p>
            </Alert>
          ) : null}
          <div className="flex flex-col gap-4 xl:flex-row xl:items-start">
            <Form
              method="post"
              key={`${selected.kind}/${selected.areaId}/${selected.version}`}
              className="flex min-w-0 flex-1 flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-4"
            >
              {Object.entries(keyFields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <TextField
                label="Subject"
                name="subject"
                defaultValue={selected.subject}
                required
                maxLength={200}
                error={fieldErrors.subject}
              />
              <EditorBody defaultValue={selected.body} error={fieldErrors.body} />
              <TextField
                label="Preview with order"
                name="orderNumber"
                hint="An order number of this area, e.g. SO-000123; empty: the area's newest order."
                className="max-w-xs"
                maxLength={40}
                error={fieldErrors.orderNumber}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="preview" severity="secondary" disabled={Boolean(busyIntent)}>
                  {busyIntent === 'preview' ? 'Rendering…' : 'Preview'}
                </Button>
                <Button type="submit" name="intent" value="save" disabled={Boolean(busyIntent)}>
                  {busyIntent === 'save' ? 'Saving…' : 'Save'}
                </Button>
              </div>
            </Form>
            <div className="flex flex-col gap-4 xl:w-80 xl:shrink-0">
              <Placeholders template={selected} />
            </div>
          </div>
          {preview ? (
            <section
              ref={previewRef}
              tabIndex={-1}
              aria-labelledby="preview-heading"
              data-testid="mail-preview"
              className="rounded-lg border border-sky-200 bg-white p-4 outline-none"
            >
              <h3 id="preview-heading" className="text-base font-semibold">
                Preview from order {preview.orderNumber}
              </h3>
              <p className="mt-1 text-sm text-neutral-700">
                Not saved yet. To: {preview.toAddress || 'the address staff enter'}
              </p>
              <p className="mt-3 text-sm">
                <span className="font-medium text-neutral-700">Subject: </span>
                <span data-testid="preview-subject">{preview.subject}</span>
              </p>
              <pre className="mt-3 overflow-x-auto rounded-md bg-neutral-50 p-3 font-sans text-sm whitespace-pre-wrap">
                {preview.text}
              </pre>
            </section>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function EditorBody({ defaultValue, error }: { defaultValue: string; error?: string | undefined }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="template-body" className="text-sm font-medium text-neutral-800">
        Body
      </label>
      <textarea
        id="template-body"
        name="body"
        defaultValue={defaultValue}
        required
        rows={16}
        maxLength={20_000}
        spellCheck
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'template-body-error' : undefined}
        className="rounded-md border border-neutral-300 bg-white px-3 py-2 font-mono text-sm text-neutral-900 aria-invalid:border-red-500"
      />
      {error ? (
        <p id="template-body-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
