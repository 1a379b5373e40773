import { INVOICE_STATUS_TEXTS, type InvoiceStatus } from '@b2b/contract/constants';
import { cn } from '~/lib/cn.ts';

const BADGES: Record<InvoiceStatus, { symbol: string; className: string }> = {
  open: { symbol: '○', className: 'border-sky-300 bg-sky-50 text-sky-900' },
  overdue: { symbol: '!', className: 'border-red-300 bg-red-50 text-red-900' },
  paid: { symbol: '✓', className: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
};

/**
 * An invoice's status as a word with a symbol beside the colour, so it reads without colour too (WCAG 1.4.1); the
 * symbol is decoration, the word is what assistive technology reads.
 */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const badge = BADGES[status];
  return (
    <span
      data-testid="invoice-status"
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        badge.className,
      )}
    >
      <span aria-hidden="true">{badge.symbol}</span>
      {INVOICE_STATUS_TEXTS[status]}
    </span>
  );
}
