import type { Order } from '@b2b/contract/order';
import { useSession } from '~/lib/use-session.ts';

export type OrderAssistance = NonNullable<Order['assistedBy']>;

/**
 * Who placed an order a sales rep placed for the customer (ADR 013): "Sam Lindqvist (sales rep) for Alpine Boardshop
 * GmbH". The orders shown are always the session's customer's, so its name is the one acted for.
 */
export function useAssistedByText(assistedBy: OrderAssistance | null): string | null {
  const customerName = useSession().customer?.name;
  if (!assistedBy) return null;
  return `${assistedBy.salesPersonName} (sales rep)${customerName ? ` for ${customerName}` : ''}`;
}

/** The receipt's and the order page's line about a rep-placed order; nothing for an order the customer placed. */
export function AssistedByNote({ assistedBy }: { assistedBy: OrderAssistance | null }) {
  const text = useAssistedByText(assistedBy);
  if (!text) return null;
  return (
    <p data-testid="assisted-by" className="text-sm font-medium text-neutral-800">
      Placed by {text}
    </p>
  );
}
