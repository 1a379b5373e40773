import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import type { RedirectsActionResult } from './redirects.server.ts';

/** One new redirect: from-path, target, status; the API's refusal is shown at the field it names. */
export function AddRedirectForm() {
  const fetcher = useFetcher<RedirectsActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data?.intent === 'create' ? fetcher.data : null;
  const error = result && !result.ok && 'field' in result ? result : null;

  useEffect(() => {
    if (fetcher.state === 'idle' && result?.ok) formRef.current?.reset();
  }, [fetcher.state, result]);

  return (
    <fetcher.Form ref={formRef} method="post" className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 className="text-base font-semibold">Add a redirect</h2>
      <input type="hidden" name="intent" value="create" />
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label="From path"
          name="fromPath"
          required
          placeholder="/old-page"
          error={error?.field === 'fromPath' ? error.message : undefined}
        />
        <TextField
          label="Target"
          name="toUrl"
          required
          placeholder="/new-page or https://…"
          error={error?.field === 'toUrl' ? error.message : undefined}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="new-redirect-status" className="text-sm font-medium text-neutral-800">
            Status
          </label>
          <select
            id="new-redirect-status"
            name="status"
            defaultValue="301"
            className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm"
          >
            <option value="301">301 permanent</option>
            <option value="302">302 temporary</option>
          </select>
        </div>
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          Add redirect
        </Button>
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {result?.ok ? <Alert tone="success">{result.message}</Alert> : null}
        {error && error.field !== 'fromPath' && error.field !== 'toUrl' ? <Alert>{error.message}</Alert> : null}
      </div>
    </fetcher.Form>
  );
}
