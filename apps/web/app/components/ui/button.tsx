import type { ButtonHTMLAttributes } from 'react';
import { cn } from '~/lib/cn.ts';

/** Button severities of spec §9 (styling only); the few this app uses. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

/**
 * A button's classes: `btn` and its variant's, component classes of app.css. `extra` overrides what it conflicts with
 * (`'px-3 py-1.5'` replaces `px-4 py-2`): its utilities come in a later cascade layer.
 */
export function buttonClassName(variant: ButtonVariant = 'primary', extra = ''): string {
  return cn('btn', `btn-${variant}`, extra);
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
