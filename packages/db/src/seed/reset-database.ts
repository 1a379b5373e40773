/** Empties every seeded table (keeps the schema and the migration history). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';

/** All tables, in one TRUNCATE so foreign keys between them do not matter. */
const TABLES = [
  'areas',
  'vat_rates',
  'price_groups',
  'customers',
  'customer_addresses',
  'users',
  'user_impersonation_customers',
  'refresh_tokens',
  'login_attempts',
  'brands',
  'categories',
  'products',
  'product_variants',
  'stock_levels',
  'price_lists',
  'prices',
  'media_files',
  'product_components',
  'shipping_countries',
  'shipping_methods',
  'shipping_method_fees',
  'payment_methods',
  'carts',
  'cart_lines',
  'orders',
  'order_lines',
  'payments',
  'mail_outbox',
  'redirects',
] as const;

/**
 * Truncates all shop tables. CASCADE also empties tables other packages add later that reference these
 * (carts, orders …), which is what a reset wants.
 */
export async function resetDatabase(db: Executor): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE TABLE ${TABLES.map((name) => `"${name}"`).join(', ')} CASCADE`));
}
