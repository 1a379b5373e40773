import { z } from 'zod';
import { areaQueryShape } from './common.ts';
import { lookupTemplateSchema, productSchema } from './product.ts';

/** The longest path GetContentByUrl resolves; the storefront answers 404 for longer ones without asking. */
export const MAX_CONTENT_URL_LENGTH = 2000;

/** GET /api/Content/GetContentByUrl?Area.AreaId&Area.LanguageCode&Area.CurrencyCode&Url&LookupTemplate */
export const getContentByUrlQuery = z
  .object({
    ...areaQueryShape('Area'),
    Url: z
      .string()
      .min(1)
      .max(MAX_CONTENT_URL_LENGTH)
      .describe('Path of the page; the language prefix and query string are ignored.'),
    LookupTemplate: lookupTemplateSchema.optional(),
  })
  .strict();
export type GetContentByUrlQuery = z.infer<typeof getContentByUrlQuery>;

export const categoryLinkSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });

export const categoryContentSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  parentId: z.string().nullable(),
  breadcrumbs: z.array(categoryLinkSchema).describe('From the root down to, not including, this category.'),
  children: z.array(categoryLinkSchema),
});
export type CategoryContent = z.infer<typeof categoryContentSchema>;

/**
 * A resolved URL (spec §2): `status` 200 with a product or category, 301/302 with `redirectUrl`, or 404.
 */
export const getContentByUrlResponse = z.object({
  status: z.union([z.literal(200), z.literal(301), z.literal(302), z.literal(404)]),
  contentType: z.enum(['product', 'category', 'redirect', 'page']),
  url: z.string(),
  title: z.string(),
  redirectUrl: z.string().nullable(),
  product: productSchema.nullable(),
  category: categoryContentSchema.nullable(),
});
export type GetContentByUrlResponse = z.infer<typeof getContentByUrlResponse>;

/** GET /api/Content/GetRedirectByUrl?Area.AreaId&Area.LanguageCode&Area.CurrencyCode&Url */
export const getRedirectByUrlQuery = z
  .object({
    ...areaQueryShape('Area'),
    Url: z
      .string()
      .min(1)
      .max(MAX_CONTENT_URL_LENGTH)
      .describe('Path that was asked for; the language prefix and query string are ignored.'),
  })
  .strict();
export type GetRedirectByUrlQuery = z.infer<typeof getRedirectByUrlQuery>;

/** A redirect of spec §2: where an old URL now lives, and whether the move is for good (301) or temporary (302). */
export const getRedirectByUrlResponse = z.object({
  fromPath: z.string().describe('The path the redirect is stored under (language prefix and query string stripped).'),
  redirectUrl: z
    .string()
    .describe('The target: a path (an in-app redirect) or an absolute http(s) URL (a full page load).'),
  status: z.union([z.literal(301), z.literal(302)]),
});
export type GetRedirectByUrlResponse = z.infer<typeof getRedirectByUrlResponse>;
