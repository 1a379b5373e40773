-- Invoices and credit memos name the area's seller and bank (area settings `seller`, issue 9). A database seeded
-- before that has areas without it, and GetAreaById would no longer match its schema: give those areas the seller the
-- demo seed writes (packages/db/src/seed/area-settings.ts). A fresh database has no areas yet here; the seed then
-- writes complete settings. Settings that already name a seller are left as they are.
UPDATE "areas" SET "settings" = jsonb_set("settings", '{seller}', '{"name": "Ridgeline Wholesale Europe ApS", "addressLines": ["Harbour Street 12", "1050 Copenhagen", "Denmark"], "email": "orders@ridgeline.example", "taxId": "VAT DK12345678", "bankName": "Nordhavn Bank", "bankAccount": "IBAN DK50 0040 0440 1162 43", "bic": "NORHDKKK"}'::jsonb)
WHERE "id" = 'eu' AND NOT ("settings" ? 'seller');
--> statement-breakpoint
UPDATE "areas" SET "settings" = jsonb_set("settings", '{seller}', '{"name": "Ridgeline Wholesale North America Inc.", "addressLines": ["400 Pier Avenue", "Santa Monica, CA 90401", "United States"], "email": "orders-na@ridgeline.example", "taxId": "EIN 95-1234567", "bankName": "Pacific Coast Bank", "bankAccount": "ABA 121000358, account 000123456789", "bic": "PCBKUS66"}'::jsonb)
WHERE "id" = 'us' AND NOT ("settings" ? 'seller');
