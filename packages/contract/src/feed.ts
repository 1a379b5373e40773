/**
 * The product-information feed for a partner (spec §7: POST /api/feed/PerfionFeed/GetEntries): products changed
 * since a date, paged, guarded by a token from the API's configuration (PERFION_FEED_TOKEN).
 */
import { z } from 'zod';
import { areaIdSchema } from './common.ts';

export const MAX_FEED_TAKE = 1000;

export const perfionFeedQuery = z
  .object({
    areaId: areaIdSchema,
    contentType: z.enum(['product', 'category']).describe('What the entries are.'),
    skip: z.coerce.number().int().min(0).max(10_000_000),
    take: z.coerce.number().int().min(1).max(MAX_FEED_TAKE),
    token: z.string().min(1).max(200).describe('The partner token (PERFION_FEED_TOKEN).'),
    newerThan: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('Only entries changed after this time (ISO 8601); all when left out.'),
  })
  .strict();
export type PerfionFeedQuery = z.infer<typeof perfionFeedQuery>;

export const perfionFeedEntrySchema = z.object({
  id: z.string(),
  contentType: z.enum(['product', 'category']),
  name: z.string(),
  description: z.string(),
  url: z.string().describe('Path on the storefront.'),
  parentId: z.string().nullable().describe('Parent category (categories) or parent product (products).'),
  brand: z.string().nullable(),
  categoryIds: z.array(z.string()),
  specifications: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  variantIds: z.array(z.string()),
  imageUrls: z.array(z.string()),
  discontinued: z.boolean(),
  updatedAt: z.string().describe('ISO 8601 time of the last change.'),
});

export const perfionFeedResponse = z.object({
  total: z.number().int().describe('Entries that match, over all pages.'),
  skip: z.number().int(),
  take: z.number().int(),
  entries: z.array(perfionFeedEntrySchema).describe('Oldest change first, then by id: stable paging.'),
});
export type PerfionFeedResponse = z.infer<typeof perfionFeedResponse>;
