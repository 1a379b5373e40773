import { useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { ConfirmAction } from '~/features/backoffice/confirm-action.tsx';
import {
  CONTENT_SECTION_PATH,
  documentHistoryPath,
  documentPath,
} from '~/features/backoffice/content/content-paths.ts';
import {
  bodySchemaOf,
  loadDocument,
  loadDocumentPickers,
  runEditorAction,
} from '~/features/backoffice/content/documents.server.ts';
import { SchemaField } from '~/features/backoffice/content/schema-form.tsx';
import { toContentPageView } from '~/features/content/content-page.server.ts';
import { ContentPage } from '~/features/content/content-page.tsx';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.content.$id';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const document = await loadDocument(context, params.id);
  if (document === null) throw data(null, { status: 404 });
  const pickers = await loadDocumentPickers(context, document);
  const restored = new URL(request.url).searchParams.get('restored');
  return { document, schema: bodySchemaOf(document.kind), pickers, restored };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const document = await loadDocument(context, params.id);
  if (document === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const result = await runEditorAction(context, document, form);
  // the preview as the storefront shows it to the audience chosen: the storefront's own block components render it
  if ('page' in result && result.page) {
    const previewAs = form.get('previewAs') === 'logged-in' ? 'logged-in' : 'anonymous';
    const page = await toContentPageView(context, result.page, { isLoggedIn: previewAs === 'logged-in' });
    return { ...result, page, previewAs };
  }
  return result;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  backofficeMeta(`${loaderData?.document.key ?? 'Document'} · Content`);

const KIND_NAMES = { page: 'Page', element: 'Element', form: 'Form', modal: 'Modal' } as const;

/**
 * A content document's editor (issue 28): title and URL, and the body as a form generated from the contract's
 * schema (blocks added, removed and moved; each block's fields from its type). Save names the version opened, so a
 * change made meanwhile is refused with a way to reload; Preview renders the unsaved page with the storefront's
 * blocks; History compares and restores earlier versions.
 */
export default function BackofficeDocumentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { document } = loaderData;
  return (
    // a new version (saved, restored, reloaded) starts the form again from what is stored
    <DocumentEditor key={`${document.id}:${document.version}`} loaderData={loaderData} actionData={actionData} />
  );
}

function DocumentEditor({ loaderData, actionData }: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { document, schema, pickers, restored } = loaderData;
  const [body, setBody] = useState<unknown>(document.body);
  const [title, setTitle] = useState(document.title);
  const [url, setUrl] = useState(document.url ?? '');
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const failure = actionData && 'failure' in actionData ? actionData.failure : null;
  const errors = new Map((failure?.fieldErrors ?? []).map((error) => [error.field, error.message]));
  const savedVersion = actionData && 'savedVersion' in actionData ? actionData.savedVersion : null;
  const preview = actionData && 'page' in actionData ? actionData.page : null;
  const previewAs = actionData && 'previewAs' in actionData ? actionData.previewAs : 'anonymous';
  const kindName = KIND_NAMES[document.kind];

  return (
    <>
      <p className="text-sm">
        <Link to={`${CONTENT_SECTION_PATH}?kind=${document.kind}`} className="text-accent-700 underline">
          Content
        </Link>
        <span aria-hidden="true"> / </span>
        {kindName}s
      </p>
      <h1 className="mt-1 text-2xl font-semibold">
        {kindName} “{document.key}”
      </h1>
      <p className="mt-1 text-sm text-neutral-700">
        {document.areaId.toUpperCase()} {document.languageCode} · version {document.version}, saved{' '}
        {formatDateTime(document.updatedAt)} by {document.updatedBy ?? 'the seed'} ·{' '}
        <Link to={documentHistoryPath(document.id)} className="text-accent-700 underline">
          History
        </Link>
        {document.kind === 'page' && document.url ? (
          <>
            {' · '}
            <a href={document.url} className="text-accent-700 underline">
              Open {document.url} in the storefront
            </a>
          </>
        ) : null}
      </p>

      <div className="mt-4 flex flex-col gap-3" aria-live="polite">
        {savedVersion !== null && failure === null ? (
          <Alert tone="success">Saved as version {savedVersion}. The storefront shows it within 5 seconds.</Alert>
        ) : null}
        {restored ? (
          <Alert tone="success">
            Version {restored} restored as version {document.version}. The storefront shows it within 5 seconds.
          </Alert>
        ) : null}
        {failure ? (
          <Alert title={failure.type === 'DocumentHasBeenModifiedException' ? 'Not saved' : 'Please check'}>
            <p>{failure.message}</p>
            {failure.type === 'DocumentHasBeenModifiedException' ? (
              <p className="mt-2">
                <a href={documentPath(document.id)} className="font-semibold underline">
                  Reload the current version
                </a>{' '}
                (your changes here are not kept; copy what you need first).
              </p>
            ) : null}
            {failure.fieldErrors && failure.fieldErrors.length > 1 ? (
              <ul className="mt-2 list-disc pl-5">
                {failure.fieldErrors.map((error) => (
                  <li key={`${error.field}:${error.message}`}>
                    <code>{error.field}</code> {error.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </div>

      <Form method="post" noValidate className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="version" value={document.version} />
        <input type="hidden" name="body" value={JSON.stringify(body)} />
        <div className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 sm:grid-cols-2">
          <TextField
            label={document.kind === 'page' ? 'Title (the browser tab)' : 'Name'}
            name="title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={errors.get('title')}
            maxLength={200}
          />
          {document.kind === 'page' ? (
            <TextField
              label="URL"
              name="url"
              hint="A path like /about; / is the home page."
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              error={errors.get('url')}
              maxLength={500}
            />
          ) : null}
        </div>
        <div className="rounded-lg border border-neutral-200 bg-white p-4">
          <SchemaField
            root={schema}
            node={schema}
            value={body}
            onChange={setBody}
            path="body"
            label={`${kindName} content`}
            errors={errors}
            pickers={pickers}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save" disabled={Boolean(busyIntent)}>
            {busyIntent === 'save' ? 'Saving…' : `Save version ${document.version + 1}`}
          </Button>
          {document.kind === 'page' || document.kind === 'element' ? (
            <>
              <Button type="submit" name="intent" value="preview" severity="secondary" disabled={Boolean(busyIntent)}>
                {busyIntent === 'preview' ? 'Rendering…' : 'Preview'}
              </Button>
              <label className="inline-flex items-center gap-2 text-sm">
                as
                <select name="previewAs" className="field-sm" defaultValue="anonymous">
                  <option value="anonymous">a visitor, not logged in</option>
                  <option value="logged-in">a logged-in buyer</option>
                </select>
              </label>
            </>
          ) : null}
        </div>
      </Form>

      <div className="mt-2">
        <ConfirmAction
          label={`Delete this ${document.kind}`}
          title={`Delete the ${document.kind} “${document.key}” (${document.areaId.toUpperCase()} ${document.languageCode})?`}
          confirmLabel="Delete"
          fields={{ intent: 'delete', version: String(document.version) }}
        >
          {document.kind === 'page'
            ? `${document.url} will answer “page not found” in the storefront. `
            : 'It is refused while a page or an element still includes it. '}
          Its last version is kept in its history.
        </ConfirmAction>
      </div>

      {preview ? (
        <section aria-labelledby="preview-heading" className="mt-8">
          <h2 id="preview-heading" className="text-lg font-semibold">
            Preview — not saved
          </h2>
          <p className="text-sm text-neutral-700">
            As the storefront shows it to{' '}
            {previewAs === 'logged-in' ? 'a logged-in buyer' : 'a visitor who is not logged in'}; links and forms do
            nothing here.
          </p>
          <div inert className="mt-3 rounded-lg border border-dashed border-neutral-400 bg-white p-4">
            <ContentPage page={preview} />
          </div>
        </section>
      ) : null}
    </>
  );
}
