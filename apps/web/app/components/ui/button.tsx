import type { ButtonHTMLAttributes } from 'react';
import { cn } from '~/lib/cn.ts';

/** Button severities of spec §9 (styling only); the few this app uses. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent-600 text-white hover:bg-accent-700 disabled:bg-accent-600/60',
  secondary: 'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50 disabled:text-neutral-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
};

/** A button's classes; `extra` overrides the defaults it conflicts with (`'px-3 py-1.5'` replaces `px-4 py-2`). */
export function buttonClassName(variant: ButtonVariant = 'primary', extra = ''): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    extra,
  );
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
