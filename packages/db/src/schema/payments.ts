/** Card payments through a payment provider (ADR 008). */
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { carts } from './carts.ts';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/**
 * Card payments through a payment provider. `status`: 'Pending' | 'Succeeded' | 'Failed' | 'Canceled'. The order is
 * linked once the payment succeeded and the order was placed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id),
    orderId: uuid('order_id').references(() => orders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('Pending'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    redirectUrl: text('redirect_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_payment_id_idx').on(table.provider, table.providerPaymentId),
    index('payments_cart_id_idx').on(table.cartId),
  ],
);
