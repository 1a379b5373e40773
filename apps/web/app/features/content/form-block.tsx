import type { FormField } from '@b2b/contract';
import { useEffect, useId, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { usePayloadToasts } from '~/lib/toast/use-payload-toasts.ts';
import type { ContentFormResult } from './content-form-result.ts';
import type { FormBlockView as FormBlock } from './content-page-data.ts';
import { CONTENT_FORM_ID_FIELD, CONTENT_FORM_SUBMISSION_KEY_FIELD, type ContentFormValues } from './form-values.ts';

const INPUT_CLASS =
  'rounded-md border border-neutral-400 bg-white px-3 py-2 text-sm text-neutral-900 aria-invalid:border-red-600';

function isContentFormResult(value: unknown): value is ContentFormResult {
  return typeof value === 'object' && value !== null && 'formId' in value && 'status' in value;
}

/**
 * A form defined in content (contact, request an account). Posts to the page's own action, so it works without
 * scripts (the page comes back with the errors or the success message); with scripts a fetcher sends it in place.
 * The API checks the values: its errors are shown at their fields (aria-invalid, aria-describedby) and focus moves
 * to the first one.
 */
export function FormBlockView({ block }: { block: FormBlock }) {
  const { form } = block;
  const fetcher = useFetcher<ContentFormResult>({ key: `content-form-${block.id}` });
  const actionData = useActionData();
  const fromAction = isContentFormResult(actionData) && actionData.formId === form.id ? actionData : undefined;
  const result = fetcher.data ?? fromAction;
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const headingId = `${block.id}-heading`;
  const isSending = fetcher.state !== 'idle';

  usePayloadToasts(null, result?.status === 'invalid' ? result.errorToast : null);

  useEffect(() => {
    if (!result) return;
    if (result.status === 'sent') successRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);

  const fieldErrors = result?.status === 'invalid' ? result.fieldErrors : {};
  const values: ContentFormValues = result?.status === 'invalid' ? result.values : {};
  return (
    <section
      aria-labelledby={headingId}
      className="max-w-2xl rounded-lg border border-neutral-200 bg-white p-6"
      data-block="form"
    >
      <h2 id={headingId} className="text-2xl font-semibold">
        {form.title}
      </h2>
      {result?.status === 'sent' ? (
        <div ref={successRef} tabIndex={-1} className="mt-4 outline-none">
          <Alert tone="success">{result.message}</Alert>
        </div>
      ) : (
        <>
          {form.intro ? <p className="mt-2 text-neutral-700">{form.intro}</p> : null}
          <p className="mt-2 text-sm text-neutral-600">Fields marked * are required.</p>
          <fetcher.Form ref={formRef} method="post" noValidate className="mt-4 flex flex-col gap-4">
            <input type="hidden" name={CONTENT_FORM_ID_FIELD} value={form.id} />
            <input type="hidden" name={CONTENT_FORM_SUBMISSION_KEY_FIELD} value={block.submissionKey} />
            {result?.status === 'invalid' && result.formError ? <Alert>{result.formError}</Alert> : null}
            {form.fields.map((field) => (
              <FormFieldView
                key={field.name}
                field={field}
                error={fieldErrors[field.name]}
                value={values[field.name]}
              />
            ))}
            <div>
              <Button type="submit" disabled={isSending}>
                {isSending ? 'Sending…' : form.submitLabel}
              </Button>
            </div>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}

function FormFieldView({
  field,
  error,
  value,
}: {
  field: FormField;
  error: string | undefined;
  value: string | boolean | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    autoComplete: field.autocomplete,
  } as const;
  const label = (
    <>
      {field.label}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const errorMessage = error ? (
    <p id={errorId} className="text-sm text-red-700">
      {/* the API words its messages to follow the field's name: "is required", "must be an e-mail address" */}
      {field.label} {error}
    </p>
  ) : null;

  if (field.type === 'checkbox') {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-2">
          <input {...common} type="checkbox" defaultChecked={value === true} className="mt-1 size-4" />
          <label htmlFor={id} className="text-sm text-neutral-800">
            {label}
          </label>
        </div>
        {errorMessage}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {field.type === 'textarea' ? (
        <textarea {...common} rows={6} maxLength={field.maxLength} defaultValue={text} className={INPUT_CLASS} />
      ) : field.type === 'select' ? (
        <select {...common} defaultValue={text ?? ''} className={INPUT_CLASS}>
          <option value="">Choose…</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={field.type} maxLength={field.maxLength} defaultValue={text} className={INPUT_CLASS} />
      )}
      {errorMessage}
    </div>
  );
}
