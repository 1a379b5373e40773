/** Business customers, their ship-to addresses and price groups. */
import { DEFAULT_PAYMENT_TERMS_DAYS } from '@b2b/contract/constants';
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';

/** Customer price groups (A, B, C …); each has one price list per currency. */
export const priceGroups = pgTable('price_groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

/** Business customers (debtor accounts). `currencyCode` null means the area's currency (spec §1 override). */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerNumber: text('customer_number').notNull().unique(),
    name: text('name').notNull(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    currencyCode: text('currency_code'),
    priceGroupId: text('price_group_id').references(() => priceGroups.id),
    /** Days from an invoice's date to its due date (ADR 014). */
    paymentTermsDays: integer('payment_terms_days').notNull().default(DEFAULT_PAYMENT_TERMS_DAYS),
    /** ISO 3166-1 alpha-2 country the customer is registered in; with `vatNumber` it decides the VAT treatment. */
    countryCode: text('country_code').notNull(),
    /** VAT identification number as registered (`ATU12345678`); null when the customer has none. */
    vatNumber: text('vat_number'),
    /**
     * Most the customer may owe on account (minor units of the customer's currency): open invoices plus orders not
     * yet invoiced plus the order being placed. Null means no limit.
     */
    creditLimitMinor: bigint('credit_limit_minor', { mode: 'number' }),
  },
  (table) => [index('customers_area_id_idx').on(table.areaId)],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [index('customer_addresses_customer_id_idx').on(table.customerId)],
);
