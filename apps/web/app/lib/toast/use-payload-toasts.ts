import { useEffect } from 'react';
import { errorStore } from '~/lib/errors/error-store.ts';
import type { ErrorToastPayload, ToastPayload } from './toast-payload.ts';
import { showToast } from './toast-store.ts';

const shownKeys = new Set<string>();

/**
 * Shows the toasts a loader or action returned, once each. A returned error goes to the error store (spec §8, ADR 032)
 * as the error of the form that was sent (its page shows why beside it); a server error there raises the global error
 * event, which shows the error toast.
 */
export function usePayloadToasts(toast?: ToastPayload | null, errorToast?: ErrorToastPayload | null): void {
  useEffect(() => {
    if (!toast || shownKeys.has(toast.key)) return;
    shownKeys.add(toast.key);
    showToast({ severity: toast.severity, summary: toast.summary, detail: toast.detail });
  }, [toast]);
  useEffect(() => {
    if (!errorToast || shownKeys.has(errorToast.key)) return;
    shownKeys.add(errorToast.key);
    errorStore.report(
      {
        kind: 'http',
        statusCode: errorToast.statusCode,
        statusText: errorToast.statusMessage,
        type: errorToast.type,
        data: { type: errorToast.type, message: errorToast.message },
      },
      { level: 'Local', scope: errorToast.key },
    );
  }, [errorToast]);
}
