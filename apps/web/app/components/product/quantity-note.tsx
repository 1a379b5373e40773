import { cn } from '~/lib/cn.ts';
import type { QuantityNote as Note } from './order-quantity.ts';

/**
 * The note under a quantity box (quantityNote: a refused quantity in red, a backorder in amber), referenced by the box's
 * aria-describedby through `id`, so a screen reader hears it with the box.
 */
export function QuantityNote({ id, note }: { id: string; note: Note | null }) {
  if (!note) return null;
  const isError = note.kind === 'error';
  return (
    <span
      id={id}
      className={cn('text-xs', isError ? 'text-red-700' : 'text-amber-800')}
      data-testid={isError ? 'quantity-error' : 'backorder-note'}
    >
      {note.text}
    </span>
  );
}
