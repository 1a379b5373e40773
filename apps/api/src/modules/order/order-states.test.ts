import { ORDER_STATUSES, type OrderStatus } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { allowedNextStates, canMoveOrder, toOrderStatus } from './order-states.ts';

/** Every allowed move, written out once more by hand: the table below is the ADR's, the module must agree. */
const ALLOWED: ReadonlyArray<[OrderStatus, OrderStatus]> = [
  ['Placed', 'Processing'],
  ['Placed', 'Cancelled'],
  ['Processing', 'PartlyShipped'],
  ['Processing', 'Shipped'],
  ['Processing', 'Cancelled'],
  ['PartlyShipped', 'Shipped'],
  ['Shipped', 'Invoiced'],
  ['Invoiced', 'Completed'],
];

const isAllowed = (from: OrderStatus, to: OrderStatus) => ALLOWED.some(([f, t]) => f === from && t === to);
const everyPair = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe('order state machine', () => {
  it.each(everyPair.filter(([from, to]) => isAllowed(from, to)))('allows %s → %s', (from, to) => {
    expect(canMoveOrder(from, to)).toBe(true);
    expect(allowedNextStates(from)).toContain(to);
  });

  it.each(everyPair.filter(([from, to]) => !isAllowed(from, to)))('refuses %s → %s', (from, to) => {
    expect(canMoveOrder(from, to)).toBe(false);
    expect(allowedNextStates(from)).not.toContain(to);
  });

  it('never allows staying in the same state, and nothing leaves Completed or Cancelled', () => {
    for (const state of ORDER_STATUSES) expect(canMoveOrder(state, state)).toBe(false);
    expect(allowedNextStates('Completed')).toEqual([]);
    expect(allowedNextStates('Cancelled')).toEqual([]);
  });

  it('reads stored statuses and refuses unknown ones', () => {
    expect(toOrderStatus('PartlyShipped')).toBe('PartlyShipped');
    expect(() => toOrderStatus('Lost')).toThrow(/Unknown order status/);
  });
});
