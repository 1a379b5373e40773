import type { ButtonSeverity } from '@b2b/contract/constants';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn.ts';

/**
 * A button's classes: `btn` and its severity's (spec §9: primary, secondary, accent-1, accent-2, cta-1, cta-2, white,
 * danger; styling only), component classes of app.css. What each is for: primary the page's main action, secondary
 * the others; cta-1 what puts goods in the cart (Add to cart, Reorder), cta-2 what moves an order on (Go to checkout,
 * Place order); accent-1 and accent-2 an offer's or a shortcut's link (campaigns, the mini cart's View cart); white a
 * quiet action beside content; danger what deletes. `extra` overrides what it conflicts with (`'px-3 py-1.5'`
 * replaces `px-4 py-2`): its utilities come in a later cascade layer. Links that look like buttons use it too.
 */
export function buttonClassName(severity: ButtonSeverity = 'primary', extra = ''): string {
  return cn('btn', `btn-${severity}`, extra);
}

/** The shop's button: `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({
  severity = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { severity?: ButtonSeverity }) {
  return <button type={type} className={buttonClassName(severity, className)} {...props} />;
}
