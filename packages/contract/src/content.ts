import { z } from 'zod';
import { areaIdSchema, areaInfoSchema, areaQueryShape, languageCodeSchema } from './common.ts';
import {
  carouselProductSchema,
  contentElementSchema,
  contentIdSchema,
  contentModalSchema,
  contentPageSchema,
  formDefinitionSchema,
} from './content-blocks.ts';
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
 * A product the URL names that this customer cannot buy: no longer sold (discontinued), with alternatives from its
 * category that are. The storefront shows its "product not available" page instead of a bare 404.
 */
export const unavailableProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  reason: z.enum(['discontinued']),
  discontinuedAt: z.string().nullable().describe('ISO 8601 time it stopped being sold.'),
  category: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
  alternatives: z.array(carouselProductSchema).describe('Sellable products of the same category, in stock first.'),
});
export type UnavailableProduct = z.infer<typeof unavailableProductSchema>;

/**
 * A resolved URL (spec §2): `status` 200 with a product, a category, a content page or an unavailable product,
 * 301/302 with `redirectUrl`, or 404.
 */
export const getContentByUrlResponse = z.object({
  status: z.union([z.literal(200), z.literal(301), z.literal(302), z.literal(404)]),
  contentType: z.enum(['product', 'category', 'redirect', 'page']),
  url: z.string(),
  title: z.string(),
  redirectUrl: z.string().nullable(),
  product: productSchema.nullable(),
  category: categoryContentSchema.nullable(),
  page: contentPageSchema
    .nullable()
    .describe('The content page (contentType `page`), or the landing page of a category (contentType `category`).'),
  unavailableProduct: unavailableProductSchema
    .nullable()
    .describe('contentType `product` with `product` null: the product exists but is not sold any more.'),
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

/** GET /internal/api/Content/GetAllRedirects: every redirect of every area, for a storefront process's map (ADR 037). */
export const getAllRedirectsResponse = z.object({
  redirects: z.array(
    z.object({
      areaId: z.string(),
      fromPath: z.string(),
      toUrl: z.string(),
      status: z.union([z.literal(301), z.literal(302)]),
    }),
  ),
});
export type GetAllRedirectsResponse = z.infer<typeof getAllRedirectsResponse>;

/** POST /api/Content/GetElementById */
export const getElementByIdBody = z
  .object({ area: areaInfoSchema, id: contentIdSchema, lookupTemplate: lookupTemplateSchema.optional() })
  .strict();
export type GetElementByIdBody = z.infer<typeof getElementByIdBody>;
export const getElementByIdResponse = z.object({ element: contentElementSchema });

/** The most element ids one GetElementsByIds call takes. */
export const MAX_ELEMENT_IDS = 50;

/** POST /api/Content/GetElementsByIds (area, ids, lookupTemplate; spec §7). */
export const getElementsByIdsBody = z
  .object({
    area: areaInfoSchema,
    ids: z.array(contentIdSchema).min(1, 'must hold at least one id').max(MAX_ELEMENT_IDS),
    lookupTemplate: lookupTemplateSchema.optional(),
  })
  .strict();
export type GetElementsByIdsBody = z.infer<typeof getElementsByIdsBody>;
export const getElementsByIdsResponse = z.object({
  elements: z.array(contentElementSchema).describe('Found elements in the order asked; unknown ids are left out.'),
});

/** POST /api/Content/GetElementsBySearch: elements whose id, name or text contains `search`, paged. */
export const getElementsBySearchBody = z
  .object({
    area: areaInfoSchema,
    search: z.string().max(200).describe('Words the id, name or text contains; empty lists every element.'),
    blockType: z
      .enum(['hero', 'richText', 'productCarousel', 'categoryTiles', 'banner', 'form', 'faq', 'shippingMethods'])
      .optional(),
    skip: z.number().int().min(0).max(100_000),
    take: z.number().int().min(1).max(MAX_ELEMENT_IDS),
    lookupTemplate: lookupTemplateSchema.optional(),
  })
  .strict();
export type GetElementsBySearchBody = z.infer<typeof getElementsBySearchBody>;
export const getElementsBySearchResponse = z.object({
  elements: z.array(contentElementSchema),
  total: z.number().int().describe('Elements that match, over all pages.'),
});

/** GET /api/Content/GetTranslationsByAreaId?AreaId&LanguageCode */
export const getTranslationsByAreaIdQuery = z
  .object({ AreaId: areaIdSchema, LanguageCode: languageCodeSchema })
  .strict();
export type GetTranslationsByAreaIdQuery = z.infer<typeof getTranslationsByAreaIdQuery>;

/**
 * The storefront's texts for an area and language, by key: `Exceptions.<type>` messages of spec §8 (with
 * `Exceptions.DefaultErrorMessage`), `Toast.TextCopied`, `Toast.DefaultErrorTitle` ("Der opstod en fejl").
 */
export const getTranslationsByAreaIdResponse = z.object({
  areaId: areaIdSchema,
  languageCode: languageCodeSchema,
  translations: z.record(z.string(), z.string()),
});
export type GetTranslationsByAreaIdResponse = z.infer<typeof getTranslationsByAreaIdResponse>;

/**
 * GET /api/Content/DummyToGetModels: one example of each content model, so code generators reading the OpenAPI
 * document see every model the content calls use (the answer is real content of the default area).
 */
export const dummyToGetModelsResponse = z.object({
  page: contentPageSchema.nullable(),
  element: contentElementSchema.nullable(),
  form: formDefinitionSchema.nullable(),
  modal: contentModalSchema.nullable(),
  translations: getTranslationsByAreaIdResponse,
});
export type DummyToGetModelsResponse = z.infer<typeof dummyToGetModelsResponse>;
