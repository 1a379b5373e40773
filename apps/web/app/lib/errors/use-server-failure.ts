import { useEffect, useRef } from 'react';
import type { FetcherWithComponents } from 'react-router';
import type { ErrorToastPayload } from '../toast/toast-payload.ts';
import type { ErrorLevel } from './app-error.ts';
import { type ErrorStore, errorStore } from './error-store.ts';

/**
 * A form's answer: `serverError` when it failed on the server's side. (`& object`: any answer qualifies, also one
 * without the field, such as a success.)
 */
export type ServerFailureAnswer = { serverError?: ErrorToastPayload | undefined } & object;

type PendingRetry = { resolve: () => void; reject: (reason: unknown) => void };

/**
 * A form whose answer failed on the server's side (a 5xx: the API down or failing, spec §8) holds that failure in the
 * error store at `level`, under `scope`, with a retry that sends the form again (`resend`): a retry whose answer fails
 * again counts (the display says how often it was tried), one that succeeds removes the error, and so does a later
 * successful answer of the same form. The store's server error raises the global error toast (ADR 032).
 * A refused input (4xx) is not a server failure: a retry cannot help, so the form says why itself.
 */
export function useServerFailure(
  answer: ServerFailureAnswer | null | undefined,
  options: { scope: string; level: ErrorLevel; resend: () => void; store?: ErrorStore },
): void {
  const { scope, level, store = errorStore } = options;
  const resend = useRef(options.resend);
  resend.current = options.resend;
  const pendingRetry = useRef<PendingRetry | null>(null);
  // each answer once (a new answer is a new object; a re-render keeps the same one)
  const handledAnswer = useRef<ServerFailureAnswer | null>(null);

  useEffect(() => {
    if (!answer || handledAnswer.current === answer) return;
    handledAnswer.current = answer;
    const pending = pendingRetry.current;
    pendingRetry.current = null;
    const failure = answer.serverError;
    if (!failure) {
      pending?.resolve();
      store.clearScope(scope);
      return;
    }
    const error = {
      kind: 'http' as const,
      statusCode: failure.statusCode,
      statusText: failure.statusMessage,
      type: failure.type,
      data: { type: failure.type, message: failure.message },
    };
    if (pending) {
      pending.reject(error);
      return;
    }
    store.report(error, {
      level,
      scope,
      retry: () =>
        new Promise<void>((resolve, reject) => {
          pendingRetry.current = { resolve, reject };
          resend.current();
        }),
    });
  }, [answer, level, scope, store]);

  // A form that goes (a retried order placed: the receipt replaces the checkout) leaves no error behind.
  useEffect(
    () => () => {
      pendingRetry.current?.resolve();
      pendingRetry.current = null;
      store.clearScope(scope);
    },
    [scope, store],
  );
}

/**
 * `useServerFailure` for a fetcher form: the retry sends the fetcher's last submission again, as it was sent (the
 * same form data to the same action), whatever the form's fields hold by then.
 */
export function useFetcherServerFailure<Answer extends ServerFailureAnswer>(
  fetcher: FetcherWithComponents<Answer>,
  options: { scope: string; level?: ErrorLevel },
): void {
  const lastSubmission = useRef<{ formData: FormData; action: string } | null>(null);
  useEffect(() => {
    if (fetcher.formData && fetcher.formAction)
      lastSubmission.current = { formData: fetcher.formData, action: fetcher.formAction };
  }, [fetcher.formData, fetcher.formAction]);
  useServerFailure(fetcher.data, {
    scope: options.scope,
    level: options.level ?? 'Local',
    resend: () => {
      const last = lastSubmission.current;
      if (last) void fetcher.submit(last.formData, { method: 'post', action: last.action });
    },
  });
}
