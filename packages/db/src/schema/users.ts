/** Login accounts and whom a sales rep may act for. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';

/** Role names stored in `users.roles`. `customer` buys for its own customer; the others are staff roles. */
export const USER_ROLES = ['customer', 'impersonation', 'backoffice'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Login accounts. `username` is stored lower-case so look-ups are case-insensitive by construction. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    roles: text('roles').array().$type<UserRole[]>().notNull().default(sql`'{}'::text[]`),
    customerId: uuid('customer_id').references(() => customers.id),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_username_idx').on(table.username),
    index('users_customer_id_idx').on(table.customerId),
  ],
);

/** Customers a sales rep (role `impersonation`) may act for. */
export const userImpersonationCustomers = pgTable(
  'user_impersonation_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.customerId] })],
);
