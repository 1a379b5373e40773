import type { TrackingEvent } from './tracking/tracking-events.ts';

/**
 * What the cart's one action (`/cart`, features/cart/cart-action.server.ts) accepts and answers. It lives here, in
 * shared code, because forms outside the cart feature post to that action too: the add-to-cart form of product
 * cards and product pages (components/cart/add-to-cart-form.tsx) reads the same answer as the cart page.
 */
export const CART_INTENTS = ['add', 'update-quantity', 'delete-line', 'empty'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** What every cart form gets back: a message to announce and the data layer events to push. */
export type CartActionResult =
  | { key: string; ok: true; intent: CartIntent; message: string; tracking: TrackingEvent[]; lineCount: number }
  | { key: string; ok: false; intent: CartIntent | null; error: string };
