import { z } from 'zod';
import { areaInfoSchema, productIdSchema } from './common.ts';
import { LOOKUP_TEMPLATES, MAX_LOOKUP_IDS } from './constants.ts';

export const lookupTemplateSchema = z.enum(LOOKUP_TEMPLATES).describe('How much of each product to return.');

export const mediaSchema = z.object({
  type: z.literal('image'),
  url: z.string().describe('Web path of the image, e.g. `/images/raw/<base64 path>`.'),
  alt: z.string(),
});

/** Specifications of spec §3: brand plus free attributes; `$meta` names the attributes for display. */
export const specificationsSchema = z
  .object({
    brand: z.string(),
    $meta: z.record(z.string(), z.string()).describe('Attribute key → label.'),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));
export type Specifications = z.infer<typeof specificationsSchema>;

export const variantSchema = z.object({
  id: productIdSchema,
  name: z.string(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  stockLevel: z.number().int().describe('Quantity in stock.'),
  newStockDate: z.string().nullable().describe('Date (yyyy-mm-dd) new stock arrives or arrived.'),
});
export type Variant = z.infer<typeof variantSchema>;

/** A file to download with the product, e.g. its data sheet. */
export const productDocumentSchema = z.object({
  name: z.string().describe('Link text, e.g. "Data sheet (PDF)".'),
  url: z.string().describe('Web path of the download: `/files/<base64 path>/<base64 file name>` (spec §2).'),
});

export const categoryRefSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });

export const productSchema = z.object({
  id: productIdSchema.describe('Item number.'),
  parentId: productIdSchema.nullable(),
  name: z.string(),
  description: z.string(),
  url: z.string().describe('Canonical web path of the product page.'),
  urls: z.array(z.string()),
  unitOfMeasure: z.string(),
  variants: z.array(variantSchema),
  media: z.array(mediaSchema).describe('Images, first one the main image.'),
  documents: z.array(productDocumentSchema).describe('Downloads such as the data sheet; empty for `product-cart`.'),
  categories: z.array(categoryRefSchema),
  specifications: specificationsSchema,
  stockLevel: z.number().int().describe('Total stock over all variants.'),
  newStockDate: z.string().nullable().describe('Latest new-stock date (yyyy-mm-dd) over all variants.'),
  maxLineQuantity: z
    .number()
    .int()
    .positive()
    .describe(
      'Most units of one variant (or of the product, when it has none) a cart line may hold; AddOrUpdateLines and ' +
        'UpdateLineQuantity refuse more with 400 (ADR 019).',
    ),
});
export type Product = z.infer<typeof productSchema>;

/** POST /api/Product/GetProductsByIds */
export const getProductsByIdsBody = z
  .object({
    area: areaInfoSchema,
    lookupTemplate: lookupTemplateSchema.optional(),
    ids: z.array(productIdSchema).min(1, 'must hold at least one id').max(MAX_LOOKUP_IDS),
  })
  .strict();
export type GetProductsByIdsBody = z.infer<typeof getProductsByIdsBody>;
export const getProductsByIdsResponse = z.object({
  items: z.record(z.string(), productSchema).describe('Found products keyed by id; unknown ids are left out.'),
});
export type GetProductsByIdsResponse = z.infer<typeof getProductsByIdsResponse>;
