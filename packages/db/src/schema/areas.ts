/** Sales areas and their VAT rates (spec §1). */
import type { AreaSettings } from '@b2b/contract';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Sales areas `us` and `eu` (spec §1) with their settings (spec §3 Area settings). */
export const areas = pgTable('areas', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  languageCode: text('language_code').notNull(),
  currencyCode: text('currency_code').notNull(),
  settings: jsonb('settings').$type<AreaSettings>().notNull(),
});

/**
 * The seller's VAT registration per area: the country it sells from and that country's standard rate in basis points
 * (2500 = 25 %). Prices are stored without VAT.
 */
export const vatRates = pgTable('vat_rates', {
  areaId: text('area_id')
    .primaryKey()
    .references(() => areas.id),
  /** ISO 3166-1 alpha-2 country of the seller in this area (DK for eu, US for us). */
  countryCode: text('country_code').notNull(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
});
