/**
 * The payment methods a cart and an order choose from. Kept apart from payments.ts (card payments, which refer to
 * carts and orders) so that carts and orders can refer to the methods without an import cycle.
 */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Payment methods: `invoice` (payment on account, the B2B default) and `card` (through a payment provider). */
export const paymentMethods = pgTable('payment_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** 'Invoice' | 'Card' */
  kind: text('kind').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});
