import type { ReactNode } from 'react';
import { cn } from '~/lib/cn.ts';

/** An inline message. `role="alert"` for errors, so screen readers announce it when it appears. */
export function Alert({
  tone = 'error',
  title,
  children,
  id,
}: {
  tone?: 'error' | 'success' | 'info';
  title?: string;
  children?: ReactNode;
  id?: string;
}) {
  const tones = {
    error: 'border-red-200 bg-red-50 text-red-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  };
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border px-4 py-3 text-sm', tones[tone])}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children}
    </div>
  );
}
