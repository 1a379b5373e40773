/**
 * The order state machine (ADR 014): which state an order may move to from which. Pure, so the rules are tested as
 * a table (order-states.test.ts) and the back office, the seed and the storefront read the same ones.
 *
 *   Placed ─► Processing ─► Shipped ─► Invoiced ─► Completed
 *     │           │  └─► PartlyShipped ─┘
 *     └───────────┴─► Cancelled
 *
 * An order is invoiced once, when everything has shipped (one invoice per order); nothing leaves Completed or
 * Cancelled; an order that has begun to ship can no longer be cancelled (credit its invoice instead).
 */
import { ORDER_STATUSES, type OrderStatus } from '@b2b/contract';

export const ORDER_STATE_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Placed: ['Processing', 'Cancelled'],
  Processing: ['PartlyShipped', 'Shipped', 'Cancelled'],
  PartlyShipped: ['Shipped'],
  Shipped: ['Invoiced'],
  Invoiced: ['Completed'],
  Completed: [],
  Cancelled: [],
};

/** The states an order in `from` may move to now. */
export function allowedNextStates(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_STATE_TRANSITIONS[from];
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATE_TRANSITIONS[from].includes(to);
}

/** The stored `orders.status` text as a state; a value the code does not know is a bug, not a user error. */
export function toOrderStatus(stored: string): OrderStatus {
  const status = ORDER_STATUSES.find((candidate) => candidate === stored);
  if (!status) throw new Error(`Unknown order status in the database: ${stored}`);
  return status;
}
