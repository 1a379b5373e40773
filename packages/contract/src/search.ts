import { z } from 'zod';
import { facetTypeSchema } from './area.ts';
import { dealPageTypeSchema } from './campaign.ts';
import { areaInfoSchema, sortDirectionSchema } from './common.ts';
import {
  DEFAULT_SUGGESTED_PRODUCTS,
  FACET_FIELDS,
  MAX_FACET_VALUE_LENGTH,
  MAX_FACET_VALUES,
  MAX_SEARCH_SKIP,
  MAX_SEARCH_SUGGESTIONS,
  MAX_SEARCH_TAKE,
  MAX_SEARCH_TEXT_LENGTH,
  MAX_SLIDER_VALUE_LENGTH,
  SEARCH_PAGE_SIZE,
  SORT_FIELDS,
} from './constants.ts';
import { categoryRefSchema, lookupTemplateSchema, productSchema } from './product.ts';

export const facetFieldSchema = z.enum(FACET_FIELDS);
export type FacetField = z.infer<typeof facetFieldSchema>;

export const sortFieldSchema = z.enum(SORT_FIELDS);

export const sortingSchema = z.object({ field: sortFieldSchema, direction: sortDirectionSchema }).strict();

/**
 * One facet selection in a search request. Checkbox facets carry `values`; a slider carries `min` and/or `max`
 * (numbers, or dates as yyyy-mm-dd) and applies only when one of them is set (spec §5).
 */
export const facetSelectionSchema = z
  .object({
    field: facetFieldSchema,
    type: facetTypeSchema,
    values: z.array(z.string().min(1).max(MAX_FACET_VALUE_LENGTH)).max(MAX_FACET_VALUES).optional(),
    min: z.string().max(MAX_SLIDER_VALUE_LENGTH).optional(),
    max: z.string().max(MAX_SLIDER_VALUE_LENGTH).optional(),
  })
  .strict();
export type FacetSelection = z.infer<typeof facetSelectionSchema>;

/** POST /api/Product/GetProductsBySearch (public). */
export const getProductsBySearchBody = z
  .object({
    area: areaInfoSchema,
    facets: z.array(facetSelectionSchema).max(FACET_FIELDS.length).default([]),
    skip: z.number().int().min(0).max(MAX_SEARCH_SKIP).default(0),
    take: z.number().int().min(0).max(MAX_SEARCH_TAKE).default(SEARCH_PAGE_SIZE),
    search: z
      .string()
      .max(MAX_SEARCH_TEXT_LENGTH)
      .default('')
      .describe('Free text over name, item number and brand (spec §5).'),
    lookupTemplate: lookupTemplateSchema.optional(),
    sorting: z.array(sortingSchema).max(4).optional().describe('Defaults to the first sorting option.'),
    categoryId: z.string().max(64).optional().describe('Restricts the search to a category and its descendants.'),
    dealType: dealPageTypeSchema
      .optional()
      .describe(
        "Restricts the search to the products of the caller's campaigns of this deal page's types valid now " +
          '(all-deals: Campaign and MixMatch; campaign; mix-and-match). Anonymous callers, and users acting for ' +
          "no customer: the campaigns of the request's area that target every customer.",
      ),
  })
  .strict();
export type GetProductsBySearchBody = z.input<typeof getProductsBySearchBody>;

export const facetOptionValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int().describe('Products matching with this value, under the other selected facets.'),
  isSelected: z.boolean(),
});

export const facetOptionSchema = z.object({
  field: facetFieldSchema,
  facetName: z.string(),
  type: facetTypeSchema,
  valueType: z.enum(['text', 'number', 'date']),
  options: z.array(facetOptionValueSchema).describe('Checkbox values; empty for sliders.'),
  min: z.string().nullable().describe('Slider: lowest value among matching products.'),
  max: z.string().nullable().describe('Slider: highest value among matching products.'),
  selectedMin: z.string().nullable(),
  selectedMax: z.string().nullable(),
});
export type FacetOption = z.infer<typeof facetOptionSchema>;

export const getProductsBySearchResponse = z.object({
  items: z.array(z.object({ item: productSchema, score: z.number() })),
  itemsTotal: z.number().int(),
  facetOptions: z.array(facetOptionSchema),
  didYouMean: z
    .string()
    .nullable()
    .describe('When free text finds nothing: the nearest query that finds something (a typo corrected), else null.'),
  nearestCategories: z
    .array(categoryRefSchema)
    .describe('When free text finds nothing: categories whose names are nearest to its words (at most 4).'),
});
export type GetProductsBySearchResponse = z.infer<typeof getProductsBySearchResponse>;

/** POST /api/Product/GetSearchSuggestions (public): what the header search offers while the buyer types. */
export const getSearchSuggestionsBody = z
  .object({
    area: areaInfoSchema,
    search: z.string().min(1).max(MAX_SEARCH_TEXT_LENGTH).describe('The text typed so far (the last word a prefix).'),
    take: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_SUGGESTIONS)
      .default(DEFAULT_SUGGESTED_PRODUCTS)
      .describe('Products to suggest.'),
  })
  .strict();
export type GetSearchSuggestionsBody = z.input<typeof getSearchSuggestionsBody>;

export const getSearchSuggestionsResponse = z.object({
  products: z.array(
    z.object({
      id: z.string().describe('Item number.'),
      name: z.string(),
      url: z.string(),
      imageUrl: z.string().nullable().describe('The main image (`/images/raw/…`), for a thumbnail.'),
      brand: z.string(),
    }),
  ),
  categories: z.array(categoryRefSchema.extend({ productCount: z.number().int() })).max(MAX_SEARCH_SUGGESTIONS),
  brands: z
    .array(
      z.object({
        id: z.string().describe('The brand facet value: `/search?brand=<id>` lists the brand.'),
        name: z.string(),
        productCount: z.number().int(),
      }),
    )
    .max(MAX_SEARCH_SUGGESTIONS)
    .describe('Brands whose name starts with or contains the text.'),
});
export type GetSearchSuggestionsResponse = z.infer<typeof getSearchSuggestionsResponse>;
