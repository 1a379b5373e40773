/**
 * Sitemap data (spec §2 static routes `/sitemap/{area}/{language}` and `/sitemap/{area}/{language}/{type}/{page}`):
 * the storefront builds the sitemap XML; the API answers which paths exist, on which domain, and how many files.
 */
import { z } from 'zod';
import { areaIdSchema, languageCodeSchema } from './common.ts';

/** sitemaps.org allows at most 50,000 URLs in one sitemap file. */
export const SITEMAP_PAGE_SIZE = 50_000;

/** What a sitemap file lists: product pages, category pages, or content pages (home, about, landing pages…). */
export const SITEMAP_TYPES = ['products', 'categories', 'pages'] as const;
export const sitemapTypeSchema = z.enum(SITEMAP_TYPES).describe('`products`, `categories` or `pages`.');

const sitemapAreaQuery = {
  AreaId: areaIdSchema,
  LanguageCode: languageCodeSchema,
};

/**
 * The primary domain of the area for the language (area settings `domains`), or null when the settings name none:
 * the storefront then uses the origin the request came to.
 */
const domainField = z.string().nullable().describe('Host name, e.g. `eu.ridgeline.example`; null: none configured.');

export const getSitemapIndexQuery = z.object(sitemapAreaQuery).strict();
export type GetSitemapIndexQuery = z.infer<typeof getSitemapIndexQuery>;

export const getSitemapIndexResponse = z.object({
  domain: domainField,
  files: z.array(
    z.object({
      type: sitemapTypeSchema,
      page: z.number().int().min(1),
      lastModified: z.string().nullable().describe('ISO 8601 time of the newest entry in the file, when known.'),
    }),
  ),
});
export type GetSitemapIndexResponse = z.infer<typeof getSitemapIndexResponse>;

export const getSitemapEntriesQuery = z
  .object({
    ...sitemapAreaQuery,
    Type: sitemapTypeSchema,
    Page: z.coerce.number().int().min(1).max(1_000_000).describe('Sitemap file number, from 1.'),
  })
  .strict();
export type GetSitemapEntriesQuery = z.infer<typeof getSitemapEntriesQuery>;

export const getSitemapEntriesResponse = z.object({
  domain: domainField,
  total: z.number().int().describe('Entries of this type over all files.'),
  pageCount: z.number().int().describe('Files of this type (at least 1, so an empty catalogue still has a file).'),
  entries: z.array(
    z.object({
      path: z.string().describe('Canonical content path, e.g. `/skate/decks/ridge-deck-8`.'),
      lastModified: z.string().nullable().describe('ISO 8601 time of the last change, when known.'),
    }),
  ),
});
export type GetSitemapEntriesResponse = z.infer<typeof getSitemapEntriesResponse>;
