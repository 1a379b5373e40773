import { TOAST_LIFE_MS } from '@b2b/contract/constants';
import { CloseIcon } from '~/components/ui/close-icon.tsx';
import { cn } from '~/lib/cn.ts';
import {
  getErrorToastCopyText,
  getToastTexts,
  showToast,
  type Toast,
  type ToastSeverity,
  toastStore,
} from './toast-store.ts';

const SEVERITY_STYLES: Record<ToastSeverity, { box: string; bar: string; label: string }> = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-950', bar: 'bg-sky-500', label: 'Information' },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-950', bar: 'bg-emerald-500', label: 'Success' },
  warn: { box: 'border-amber-200 bg-amber-50 text-amber-950', bar: 'bg-amber-500', label: 'Warning' },
  error: { box: 'border-red-200 bg-red-50 text-red-950', bar: 'bg-red-500', label: 'Error' },
  secondary: { box: 'border-neutral-200 bg-white text-neutral-900', bar: 'bg-neutral-400', label: 'Notice' },
  contrast: { box: 'border-neutral-800 bg-neutral-900 text-white', bar: 'bg-white', label: 'Notice' },
};

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function ErrorDetails({ toast }: { toast: Toast }) {
  const onCopy = async () => {
    const copied = await copyText(getErrorToastCopyText(toast));
    // spec §8: a success toast with the translated "text copied" summary and the error message as detail, 3 s.
    if (copied)
      showToast({
        severity: 'success',
        summary: getToastTexts().textCopied,
        detail: toast.detail ?? '',
        life: TOAST_LIFE_MS,
      });
  };
  return (
    <button
      type="button"
      onClick={onCopy}
      className="mt-1 block w-full cursor-copy rounded text-left text-sm hover:bg-red-100/70 focus-visible:bg-red-100/70"
      title="Click to copy the error details"
    >
      <span className="sr-only">Copy error details. </span>
      {toast.detail ? <span className="block">{toast.detail}</span> : null}
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs opacity-90">
        <dt className="font-medium">Status code</dt>
        <dd data-testid="toast-status-code">{toast.statusCode}</dd>
        <dt className="font-medium">Status message</dt>
        <dd>{toast.statusMessage}</dd>
        <dt className="font-medium">Time</dt>
        <dd>{toast.time}</dd>
      </dl>
    </button>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const style = SEVERITY_STYLES[toast.severity];
  const isError = toast.severity === 'error';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus only pause the timer; nothing is activated
    <div
      role={isError ? 'alert' : 'status'}
      aria-atomic="true"
      className={cn(
        'toast pointer-events-auto relative w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border shadow-lg',
        style.box,
      )}
      onMouseEnter={() => toastStore.pause(toast.id)}
      onMouseLeave={() => toastStore.resume(toast.id)}
      onFocus={() => toastStore.pause(toast.id)}
      onBlur={() => toastStore.resume(toast.id)}
      data-severity={toast.severity}
    >
      <div className="flex items-start gap-3 p-3 pr-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            <span className="sr-only">{style.label}: </span>
            {toast.summary}
          </p>
          {isError && toast.statusCode !== undefined ? (
            <ErrorDetails toast={toast} />
          ) : toast.detail ? (
            <p className="mt-0.5 text-sm">{toast.detail}</p>
          ) : null}
        </div>
        {toast.closable ? (
          <button
            type="button"
            onClick={() => toastStore.remove(toast.id)}
            className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100"
            aria-label="Close notification"
          >
            <CloseIcon className="size-4" />
          </button>
        ) : null}
      </div>
      {toast.life > 0 ? (
        <div className="h-1 w-full bg-black/5" aria-hidden="true">
          <div className={cn('toast-progress h-full', style.bar)} style={{ animationDuration: `${toast.life}ms` }} />
        </div>
      ) : null}
    </div>
  );
}

/** The toasts themselves (toaster.tsx), loaded with the first toast to show (issue 12: not part of the first load). */
export default function ToastItems({ toasts }: { toasts: readonly Toast[] }) {
  return toasts.map((toast) => <ToastItem key={toast.id} toast={toast} />);
}
