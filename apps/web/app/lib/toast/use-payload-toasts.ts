import { useEffect } from 'react';
import type { ErrorToastPayload, ToastPayload } from './toast-payload.ts';
import { showErrorToast, showToast } from './toast-store.ts';

const shownKeys = new Set<string>();

/** Shows the toasts a loader or action returned, once each. */
export function usePayloadToasts(toast?: ToastPayload | null, errorToast?: ErrorToastPayload | null): void {
  useEffect(() => {
    if (!toast || shownKeys.has(toast.key)) return;
    shownKeys.add(toast.key);
    showToast({ severity: toast.severity, summary: toast.summary, detail: toast.detail });
  }, [toast]);
  useEffect(() => {
    if (!errorToast || shownKeys.has(errorToast.key)) return;
    shownKeys.add(errorToast.key);
    showErrorToast({
      statusCode: errorToast.statusCode,
      statusMessage: errorToast.statusMessage,
      type: errorToast.type,
      message: errorToast.message,
      title: errorToast.title,
    });
  }, [errorToast]);
}
