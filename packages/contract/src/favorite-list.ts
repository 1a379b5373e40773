/**
 * Favourite lists (spec §3 Favorite list, §4, §5, §7 "Favorite lists"; issue 26; ADR 026). A list belongs to the
 * customer: every user of the customer, and a sales rep acting for it, sees and changes the same lists.
 */
import { z } from 'zod';
import {
  areaInfoSchema,
  areaQueryShape,
  currencyCodeSchema,
  productIdSchema,
  productKeySchema,
  requiredQueryInteger,
  sortDirectionSchema,
} from './common.ts';
import {
  MAX_FAVORITE_LIST_NAME_LENGTH,
  MAX_FAVORITE_LIST_PRODUCTS,
  MAX_FAVORITE_LISTS,
  MAX_SEARCH_TEXT_LENGTH,
} from './constants.ts';

export const favoriteListIdSchema = z.uuid().describe('Id of a favourite list (listId).');

/** Issue 26: 1 to 100 characters once trimmed; unique per customer regardless of case. */
export const favoriteListNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_FAVORITE_LIST_NAME_LENGTH, `must be at most ${MAX_FAVORITE_LIST_NAME_LENGTH} characters`)
  .describe(`The list's name, 1 to ${MAX_FAVORITE_LIST_NAME_LENGTH} characters, unique among the customer's lists.`);

export const favoriteListVersionSchema = z
  .number()
  .int()
  .min(1)
  .describe(
    'The version of the list as last read; a save with an older version answers 409 ' +
      'FavoriteListHasBeenModifiedException and changes nothing.',
  );

const timestampSchema = z.iso.datetime({ offset: true });

/** A product of a list as saved: the product key of spec §3 and when it was added. */
export const favoriteListProductSchema = z.object({
  productId: productIdSchema,
  variantId: productIdSchema.nullable().describe('Variant item number; null when the product itself is the favourite.'),
  unitOfMeasure: z.string(),
  addedAt: timestampSchema.describe('When the product was added to this list.'),
});

/** A list as spec §3 has it (listId, listName, products), with what saving and ordering need. */
export const favoriteListSchema = z.object({
  listId: favoriteListIdSchema,
  listName: z.string(),
  products: z.array(favoriteListProductSchema).describe('In the order they were added.'),
  productCount: z.number().int(),
  version: z.number().int().describe('Send it back with AddOrUpdateFavoriteList.'),
  isActive: z.boolean().describe('spec §4: the first (most recently touched) list is the active one.'),
  touchedAt: timestampSchema.describe('When the list was created or last set active; lists sort by it (spec §3).'),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.describe('When the name or products last changed.'),
});
export type FavoriteList = z.infer<typeof favoriteListSchema>;

/**
 * What the list page shows of a product, read with the list in one call: the customer's net price in its currency,
 * the available stock and next arrival of the variant (of the product when no variant), and whether it is still sold.
 */
export const favoriteProductDetailsSchema = z.object({
  name: z.string().describe('Product name.'),
  variantName: z.string().nullable().describe('Variant name, e.g. "Navy, M"; null without a variant.'),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  brand: z.string(),
  url: z.string().describe('Web path of the product page.'),
  imageUrl: z.string().nullable().describe('The main image (`/images/raw/…`); null when the product has none.'),
  imageAlt: z.string(),
  netUnitPrice: z
    .number()
    .nullable()
    .describe("The customer's net price per unit excluding VAT, in the list's currencyCode; null when not sold in it."),
  stockLevel: z.number().int().describe('Quantity available now (never below 0).'),
  newStockDate: z.string().nullable().describe('Date (yyyy-mm-dd) new stock arrives or arrived; null when unknown.'),
  isDiscontinued: z.boolean().describe('No longer sold: it stays in the list but cannot be ordered.'),
  maxLineQuantity: z.number().int().positive().describe('Most units one cart line may hold (ADR 019).'),
});
export type FavoriteProductDetails = z.infer<typeof favoriteProductDetailsSchema>;

/** GET /api/FavoriteList/GetFavoriteList?Area.*&ListId (spec §7; the area's fields required, spec §5). */
export const getFavoriteListQuery = z
  .object({
    ...areaQueryShape('Area'),
    ListId: favoriteListIdSchema,
  })
  .strict();

export const getFavoriteListResponse = favoriteListSchema.extend({
  products: z
    .array(favoriteListProductSchema.extend({ details: favoriteProductDetailsSchema }))
    .describe('In the order they were added, each with what the list page shows of it.'),
  currencyCode: currencyCodeSchema.describe("The customer's currency, in which netUnitPrice is given."),
});
export type GetFavoriteListResponse = z.infer<typeof getFavoriteListResponse>;

/** The product key a save sends (spec §3); the unit of measure defaults to STK. */
export const favoriteListProductKeySchema = productKeySchema;

/**
 * POST /api/FavoriteList/AddOrUpdateFavoriteList (spec §7: area, favouriteList with listName, listId, products).
 * Without listId a new list; its name defaults to the spec §4 rule. With listId the list's name and products are
 * replaced, and `version` must be the version last read.
 */
export const addOrUpdateFavoriteListBody = z
  .object({
    area: areaInfoSchema,
    favouriteList: z
      .object({
        listId: favoriteListIdSchema.nullish().describe('The list to change; absent or null makes a new list.'),
        listName: favoriteListNameSchema
          .optional()
          .describe(
            'The name; for a new list without one, "Favorite list", or with lists already, "Favorite list (n)" ' +
              'where n is the count of lists with the new one (spec §4). Required when listId is given.',
          ),
        products: z
          .array(favoriteListProductKeySchema)
          .max(MAX_FAVORITE_LIST_PRODUCTS, `must hold at most ${MAX_FAVORITE_LIST_PRODUCTS} products`)
          .describe(
            `The whole list of products (at most ${MAX_FAVORITE_LIST_PRODUCTS}); a product given twice is kept ` +
              'once. A discontinued or unknown product is refused (400, naming it).',
          ),
        version: favoriteListVersionSchema.optional(),
      })
      .strict()
      .superRefine((list, context) => {
        if (!list.listId) return;
        if (list.version === undefined) {
          context.addIssue({
            code: 'custom',
            path: ['version'],
            message: 'must be given with listId (the version GetFavoriteList answered)',
          });
        }
        if (list.listName === undefined) {
          context.addIssue({ code: 'custom', path: ['listName'], message: 'must be given with listId' });
        }
      }),
  })
  .strict();

/** DELETE /api/FavoriteList/DeleteFavoriteList (spec §7: area, listId). */
export const deleteFavoriteListBody = z.object({ area: areaInfoSchema, listId: favoriteListIdSchema }).strict();

/** PUT /api/FavoriteList/SetFavoriteListActive (spec §7: area, favoriteListId). */
export const setFavoriteListActiveBody = z
  .object({ area: areaInfoSchema, favoriteListId: favoriteListIdSchema })
  .strict();

/** Fields GetFavoriteListsBySearch sorts by; spec §4's storefront asks for touchedAt, descending. */
export const FAVORITE_LIST_SORT_FIELDS = ['touchedAt', 'listName', 'createdAt', 'updatedAt', 'productCount'] as const;
export const favoriteListSortFieldSchema = z.enum(FAVORITE_LIST_SORT_FIELDS);
/** Fields GetFavoriteListsBySearch filters by: `productId` keeps lists holding any of the item or variant numbers. */
export const FAVORITE_LIST_FACET_FIELDS = ['productId'] as const;
export const favoriteListFacetFieldSchema = z.enum(FAVORITE_LIST_FACET_FIELDS);
/** The most item numbers one Facets[i].Values carries. */
export const MAX_FAVORITE_LIST_FACET_VALUES = 200;

const facetValuesSchema = z
  .string()
  .min(1)
  .max(MAX_FAVORITE_LIST_FACET_VALUES * 65)
  .describe(`Item or variant numbers separated by commas (spec §9), at most ${MAX_FAVORITE_LIST_FACET_VALUES}.`);

const includeSourceFieldsSchema = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true')
  .describe('`true`: each item carries its source fields (`touchedAt`).');

/**
 * GET /api/FavoriteList/GetFavoriteListsBySearch (spec §7): Area.*, Skip, Take and Search required (spec §5; Search
 * may be empty), Sorting[i].Field/Direction and Facets[i].Field/Values for i up to 1, IncludeSourceFields.
 */
export const getFavoriteListsBySearchQuery = z
  .object({
    ...areaQueryShape('Area'),
    Skip: requiredQueryInteger(0, MAX_FAVORITE_LISTS).describe('Lists to skip, from 0.'),
    Take: requiredQueryInteger(1, MAX_FAVORITE_LISTS).describe(
      `Lists to answer, 1 to ${MAX_FAVORITE_LISTS}; the storefront asks for 15 (spec §9).`,
    ),
    Search: z
      .string()
      .max(MAX_SEARCH_TEXT_LENGTH)
      .describe('Part of the list name, case-insensitive; empty for all lists.'),
    'Sorting[0].Field': favoriteListSortFieldSchema.optional().describe('Default: touchedAt (the active list first).'),
    'Sorting[0].Direction': sortDirectionSchema.optional().describe('Default: Descending.'),
    'Sorting[1].Field': favoriteListSortFieldSchema.optional(),
    'Sorting[1].Direction': sortDirectionSchema.optional(),
    'Facets[0].Field': favoriteListFacetFieldSchema.optional(),
    'Facets[0].Values': facetValuesSchema.optional(),
    'Facets[1].Field': favoriteListFacetFieldSchema.optional(),
    'Facets[1].Values': facetValuesSchema.optional(),
    IncludeSourceFields: includeSourceFieldsSchema,
  })
  .strict();

/** A list as the search answers it: the whole entity (its product keys, for the hearts), without product details. */
export const favoriteListSearchItemSchema = z.object({
  item: favoriteListSchema,
  sourceFields: z
    .object({ touchedAt: timestampSchema })
    .nullable()
    .describe('With IncludeSourceFields=true: the field the lists sort by (spec §3); else null.'),
});

export const getFavoriteListsBySearchResponse = z.object({
  items: z.array(favoriteListSearchItemSchema),
  totalItems: z.number().int().describe('Lists matching Search and Facets, also those beyond Take.'),
  listCount: z.number().int().describe(`All of the customer's lists (at most ${MAX_FAVORITE_LISTS}).`),
  activeListId: favoriteListIdSchema.nullable().describe('The active list (spec §4), matching or not; null when none.'),
});
export type GetFavoriteListsBySearchResponse = z.infer<typeof getFavoriteListsBySearchResponse>;
