import type { ToastSeverity } from './toast-store.ts';

/**
 * Toasts that loaders and actions ask the browser to show (the server renders no toasts). `key` is unique per
 * result, so a toast shows once per submission even when two results look alike.
 */
export type ToastPayload = { key: string; severity: ToastSeverity; summary: string; detail?: string | undefined };

/** spec §8: the global error toast's fields. */
export type ErrorToastPayload = {
  key: string;
  statusCode: number;
  statusMessage: string;
  /** The API's exception type; the browser shows its translation (spec §8). */
  type?: string | undefined;
  message: string;
};

export function createToastPayload(severity: ToastSeverity, summary: string, detail?: string): ToastPayload {
  return { key: crypto.randomUUID(), severity, summary, detail };
}
