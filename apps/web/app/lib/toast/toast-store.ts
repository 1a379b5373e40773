import { DEFAULT_ERROR_STATUS, STATUS_TEXTS, TOAST_LIFE_MS } from '@b2b/contract/constants';
import { formatTime } from '../format.ts';
import { DEFAULT_TOAST_TEXTS, errorToastMessage, type ToastTexts } from './toast-texts.ts';

/** spec §3 Notification severities. */
export type ToastSeverity = 'info' | 'warn' | 'error' | 'success' | 'secondary' | 'contrast';

export type ToastInput = {
  severity?: ToastSeverity;
  summary: string;
  detail?: string;
  /** Milliseconds before the toast removes itself; 0 keeps it until closed. Default TOAST_LIFE_MS (spec §9). */
  life?: number;
  /** spec §4 Toast: closing is allowed unless closable is false. */
  closable?: boolean;
  group?: string;
  /** Error toasts (spec §8): status code, status message and the time they happened. */
  statusCode?: number;
  statusMessage?: string;
  time?: string;
};

export type Toast = Required<Pick<ToastInput, 'severity' | 'summary' | 'life' | 'closable'>> &
  Omit<ToastInput, 'severity' | 'summary' | 'life' | 'closable'> & { id: string };

type Timer = { handle: ReturnType<typeof setTimeout> | null; remaining: number; startedAt: number };

export type ToastStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
  add(input: ToastInput): string;
  remove(id: string): void;
  /** Stops the life timer (while the pointer or focus is on the toast, so it can be read and used). */
  pause(id: string): void;
  resume(id: string): void;
  clear(): void;
};

export function createToastStore(now: () => number = Date.now): ToastStore {
  let toasts: readonly Toast[] = [];
  const listeners = new Set<() => void>();
  const timers = new Map<string, Timer>();
  let counter = 0;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const startTimer = (id: string, ms: number) => {
    timers.set(id, { handle: setTimeout(() => remove(id), ms), remaining: ms, startedAt: now() });
  };

  function remove(id: string) {
    const timer = timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    timers.delete(id);
    const next = toasts.filter((toast) => toast.id !== id);
    if (next.length !== toasts.length) {
      toasts = next;
      emit();
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    add(input) {
      counter += 1;
      const id = `toast-${counter}`;
      const toast: Toast = {
        ...input,
        id,
        severity: input.severity ?? 'info',
        life: Math.max(0, input.life ?? TOAST_LIFE_MS),
        closable: input.closable ?? true,
      };
      toasts = [...toasts, toast];
      if (toast.life > 0) startTimer(id, toast.life);
      emit();
      return id;
    },
    remove,
    pause(id) {
      const timer = timers.get(id);
      if (!timer?.handle) return;
      clearTimeout(timer.handle);
      timers.set(id, {
        handle: null,
        remaining: Math.max(0, timer.remaining - (now() - timer.startedAt)),
        startedAt: now(),
      });
    },
    resume(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle) return;
      startTimer(id, timer.remaining);
    },
    clear() {
      for (const timer of timers.values()) if (timer.handle) clearTimeout(timer.handle);
      timers.clear();
      toasts = [];
      emit();
    },
  };
}

/** The app's one toast store (browser only; the server never shows toasts). */
export const toastStore = createToastStore();

export function showToast(input: ToastInput): string {
  return toastStore.add(input);
}

let toastTexts: ToastTexts = DEFAULT_TOAST_TEXTS;

/** The area's toast texts (the Toaster sets them from the root loader, before any page's effects run). */
export function setToastTexts(texts: ToastTexts): void {
  toastTexts = texts;
}

export function getToastTexts(): ToastTexts {
  return toastTexts;
}

export type ErrorToastInput = {
  statusCode?: number;
  statusMessage?: string;
  /** The API error's exception type: the message becomes its translation (spec §8), whatever `message` says. */
  type?: string | undefined;
  message?: string;
  title?: string;
  at?: Date;
};

/** The text that clicking an error toast's details copies. */
export function getErrorToastCopyText(
  toast: Pick<Toast, 'summary' | 'statusCode' | 'statusMessage' | 'detail' | 'time'>,
): string {
  return [
    toast.summary,
    `Status code: ${toast.statusCode ?? DEFAULT_ERROR_STATUS}`,
    `Status message: ${toast.statusMessage ?? ''}`,
    `Message: ${toast.detail ?? ''}`,
    `Time: ${toast.time ?? ''}`,
  ].join('\n');
}

/**
 * spec §8: the global error toast. Default title `Toast.DefaultErrorTitle` ("Der opstod en fejl"); message
 * `Exceptions.<type>` or `Exceptions.DefaultErrorMessage`; closable; status code, message and time.
 */
export function showErrorToast(input: ErrorToastInput): string {
  const statusCode = input.statusCode ?? DEFAULT_ERROR_STATUS;
  const message =
    input.type !== undefined || input.message === undefined ? errorToastMessage(toastTexts, input.type) : input.message;
  return toastStore.add({
    severity: 'error',
    summary: input.title ?? toastTexts.defaultErrorTitle,
    detail: message,
    statusCode,
    statusMessage: input.statusMessage ?? STATUS_TEXTS[statusCode] ?? 'Error',
    time: formatTime(input.at ?? new Date()),
    closable: true,
    life: TOAST_LIFE_MS,
  });
}
