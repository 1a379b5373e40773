/**
 * Content documents (issue 10, spec §2 catch-all content pages): pages made of typed blocks, reusable elements,
 * forms and modals, per area and language. Editors change them (the back-office calls come later); the storefront
 * renders them block by block.
 *
 * Rich text is structured data, never HTML: paragraphs, headings and lists of text runs with bold, italic and
 * links. The storefront renders it with React elements, so no stored content can run a script; link targets are
 * restricted to site paths, http(s) and mailto addresses (a `javascript:` URL is refused when stored and when read).
 */
import { z } from 'zod';
import { MEDIA_PATH_PATTERN } from './media.ts';
import { productSchema } from './product.ts';

export const MAX_CONTENT_TEXT_LENGTH = 5000;
export const MAX_CONTENT_BLOCKS = 50;
export const MAX_CAROUSEL_PRODUCTS = 24;
export const MAX_FORM_FIELDS = 30;
/** The longest value one form field accepts (a textarea); shorter fields set their own `maxLength`. */
export const MAX_FORM_VALUE_LENGTH = 5000;

/** A content id: lower-case letters, digits and dashes, e.g. `free-freight-banner`, `contact`. */
export const contentIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes, e.g. contact-form')
  .describe('Stable id of a content document within its area and language, e.g. `free-freight-banner`.');

/** Where a link may point: a site path (`/about`, not `//host`), an http(s) URL or a mailto address. */
export const SAFE_LINK_PATTERN = /^(?:\/(?!\/)[^\s]*|https?:\/\/[^\s]+|mailto:[^\s]+)$/;
export const safeLinkSchema = z
  .string()
  .min(1)
  .max(2000)
  .regex(SAFE_LINK_PATTERN, 'must be a site path like /about, an http(s) URL or a mailto: address')
  .describe('A site path (in-app link), an absolute http(s) URL or a mailto: address.');

const contentText = z.string().max(MAX_CONTENT_TEXT_LENGTH);

/** A run of text inside a paragraph or list item. */
export const richTextRunSchema = z
  .object({
    text: contentText.min(1),
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    href: safeLinkSchema.optional().describe('Makes the run a link.'),
  })
  .strict();
export type RichTextRun = z.infer<typeof richTextRunSchema>;

/**
 * The amounts of the order terms (GetOrderTerms) a text may quote: the free-freight threshold, and the small-order
 * surcharge's threshold and fee.
 */
export const MONEY_TERMS = ['freeFreightFrom', 'smallOrderSurchargeBelow', 'smallOrderSurchargeFee'] as const;
export type MoneyTerm = (typeof MONEY_TERMS)[number];

/**
 * An amount of money inside a text, named rather than written: the storefront shows it in the viewer's currency
 * (a customer's own, else the area's), from the same rule the cart calculation applies. "Free freight from
 * EUR 500" written as text would be wrong for a buyer who pays in NOK or USD, and wrong for everyone once the
 * threshold changes.
 */
export const richTextMoneySchema = z
  .object({
    type: z.literal('money'),
    term: z.enum(MONEY_TERMS).describe('Which amount of the order terms (GetOrderTerms) to show.'),
    bold: z.boolean().optional(),
  })
  .strict();
export type RichTextMoney = z.infer<typeof richTextMoneySchema>;

/** What a paragraph, a list item or a banner is made of: runs of text and amounts of money. */
export const richTextInlineSchema = z.union([richTextRunSchema, richTextMoneySchema]);
export type RichTextInline = z.infer<typeof richTextInlineSchema>;

export const richTextNodeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), runs: z.array(richTextInlineSchema).min(1).max(100) }).strict(),
  z
    .object({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), text: contentText.min(1) })
    .strict(),
  z
    .object({
      type: z.literal('list'),
      ordered: z.boolean(),
      items: z.array(z.array(richTextInlineSchema).min(1).max(100)).min(1).max(100),
    })
    .strict(),
]);
export type RichTextNode = z.infer<typeof richTextNodeSchema>;

/** Rich text: a list of paragraphs, headings and lists (never HTML), whose amounts follow the viewer's currency. */
export const richTextSchema = z.array(richTextNodeSchema).max(200).meta({ id: 'RichText' });
export type RichText = z.infer<typeof richTextSchema>;

/** A stored media file (the same paths `/images/raw` and the image routes serve), e.g. `content/hero-snow.jpg`. */
export const contentImageSchema = z
  .object({
    path: z.string().min(1).max(500).regex(MEDIA_PATH_PATTERN, 'must be a stored media path like content/hero.jpg'),
    alt: z.string().max(300).describe('Text alternative; empty for a decorative image.'),
    width: z.number().int().min(1).max(10_000).describe('Intrinsic width in pixels, for layout without shift.'),
    height: z.number().int().min(1).max(10_000).describe('Intrinsic height in pixels.'),
  })
  .strict();
export type ContentImage = z.infer<typeof contentImageSchema>;

const callToActionSchema = z.object({ label: z.string().min(1).max(100), url: safeLinkSchema }).strict();

const blockId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('Id of the block within its document (a stable React key and anchor).');

/** Who sees a modal or a block: everyone, only visitors who are not logged in, or only logged-in users. */
export const contentAudienceSchema = z.enum(['everyone', 'anonymous', 'logged-in']);
export type ContentAudience = z.infer<typeof contentAudienceSchema>;

/** Whether a visitor, logged in or not, is in an audience; no audience (a block without one) is everyone. */
export function isInAudience(audience: ContentAudience | undefined, isLoggedIn: boolean): boolean {
  if (audience === undefined || audience === 'everyone') return true;
  return (audience === 'logged-in') === isLoggedIn;
}

/** What every block has: its id, and optionally who sees it (left out: everyone). */
const blockBase = {
  id: blockId,
  audience: contentAudienceSchema
    .optional()
    .describe(
      'Left out: everyone. `anonymous`: only visitors who are not logged in ("Log in to see your prices"); ' +
        '`logged-in`: only logged-in users. The storefront applies it per visitor; on an element block it wins over ' +
        "the element's own.",
    ),
};

/**
 * The typed blocks a page is made of, as stored. A product carousel names its products by ids or by a search
 * query; `element` includes a reusable element by id; `form` shows a form document.
 */
export const contentBlockSchema = z.discriminatedUnion('type', [
  z
    .object({
      ...blockBase,
      type: z.literal('hero'),
      heading: z.string().min(1).max(200),
      text: z.string().max(1000).optional(),
      image: contentImageSchema,
      callToAction: callToActionSchema.optional(),
    })
    .strict(),
  z
    .object({
      ...blockBase,
      type: z.literal('richText'),
      heading: z.string().max(200).optional(),
      content: richTextSchema,
    })
    .strict(),
  z
    .object({
      ...blockBase,
      type: z.literal('productCarousel'),
      heading: z.string().min(1).max(200),
      productIds: z.array(z.string().min(1).max(64)).max(MAX_CAROUSEL_PRODUCTS).optional(),
      searchQuery: z.string().max(200).optional().describe('Free text as on /search; used when no productIds.'),
      take: z.number().int().min(1).max(MAX_CAROUSEL_PRODUCTS),
      viewAllUrl: safeLinkSchema.optional(),
    })
    .strict(),
  z
    .object({
      ...blockBase,
      type: z.literal('categoryTiles'),
      heading: z.string().min(1).max(200),
      tiles: z
        .array(z.object({ categoryId: z.string().min(1).max(100), image: contentImageSchema.optional() }).strict())
        .min(1)
        .max(24),
    })
    .strict(),
  z
    .object({
      ...blockBase,
      type: z.literal('banner'),
      text: z
        .union([z.string().min(1).max(500), z.array(richTextInlineSchema).min(1).max(20)])
        .describe('Plain text, or runs of text and amounts of money when the notice quotes an amount.'),
      tone: z.enum(['info', 'accent', 'dark']),
      callToAction: callToActionSchema.optional(),
    })
    .strict(),
  z.object({ ...blockBase, type: z.literal('form'), formId: contentIdSchema }).strict(),
  z
    .object({
      ...blockBase,
      type: z.literal('faq'),
      heading: z.string().min(1).max(200),
      items: z
        .array(z.object({ question: z.string().min(1).max(300), answer: richTextSchema }).strict())
        .min(1)
        .max(50),
    })
    .strict(),
  z.object({ ...blockBase, type: z.literal('element'), elementId: contentIdSchema }).strict(),
  z
    .object({
      ...blockBase,
      type: z.literal('shippingMethods'),
      heading: z.string().min(1).max(200),
    })
    .strict()
    .describe(
      "The shipping methods with their fees and free-freight thresholds in the viewer's currency (GetOrderTerms): " +
        "a customer's own area and currency, else the area's. The storefront fills it; nothing is stored but the heading.",
    ),
]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** A form field (forms are content documents: contact, request an account). */
export const formFieldSchema = z
  .object({
    name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,49}$/, 'must be a camelCase name'),
    label: z.string().min(1).max(200),
    type: z.enum(['text', 'email', 'tel', 'textarea', 'select', 'checkbox']),
    required: z.boolean(),
    maxLength: z.number().int().min(1).max(MAX_FORM_VALUE_LENGTH).optional(),
    options: z.array(z.string().min(1).max(200)).max(50).optional().describe('The choices of a `select` field.'),
    autocomplete: z.string().max(50).optional().describe('HTML autocomplete token, e.g. `email`, `organization`.'),
  })
  .strict();
export type FormField = z.infer<typeof formFieldSchema>;

/** A form as the storefront shows it (the recipient address stays on the server). */
export const formDefinitionSchema = z.object({
  id: contentIdSchema,
  title: z.string(),
  intro: z.string().describe('Plain text above the fields.'),
  fields: z.array(formFieldSchema).max(MAX_FORM_FIELDS),
  submitLabel: z.string(),
  successMessage: z.string(),
});
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** A product as a carousel shows it: enough for a product card (prices come from the price call when logged in). */
export const carouselProductSchema = productSchema.pick({
  id: true,
  name: true,
  url: true,
  media: true,
  specifications: true,
  stockLevel: true,
  newStockDate: true,
  variants: true,
  unitOfMeasure: true,
});

/**
 * A block as the storefront receives it: a carousel with its products found, category tiles with names and URLs, a
 * form with its definition, an element included as its block (one level: an element never includes another).
 */
export const resolvedContentBlockSchema = z
  .discriminatedUnion('type', [
    contentBlockSchema.options[0],
    contentBlockSchema.options[1],
    contentBlockSchema.options[2].extend({ products: z.array(carouselProductSchema) }),
    contentBlockSchema.options[3].extend({
      tiles: z.array(
        z.object({
          categoryId: z.string(),
          name: z.string(),
          url: z.string(),
          productCount: z.number().int(),
          image: contentImageSchema.optional(),
        }),
      ),
    }),
    contentBlockSchema.options[4],
    contentBlockSchema.options[5].extend({ form: formDefinitionSchema }),
    contentBlockSchema.options[6],
    contentBlockSchema.options[8],
  ])
  .meta({ id: 'ResolvedContentBlock' });
export type ResolvedContentBlock = z.infer<typeof resolvedContentBlockSchema>;

/** A reusable element (a block addressed by id, spec §7 GetElementById). */
export const contentElementSchema = z.object({
  id: contentIdSchema,
  name: z.string().describe('What editors call it, e.g. "Free freight banner".'),
  updatedAt: z.string().describe('ISO 8601 time of the last change.'),
  block: resolvedContentBlockSchema,
});
export type ContentElement = z.infer<typeof contentElementSchema>;

/** A content page (contentType `page` of GetContentByUrl). */
export const contentPageSchema = z.object({
  id: contentIdSchema,
  url: z.string().describe('Content path, e.g. `/about` or `/` for the home page.'),
  title: z.string().describe('The browser tab title.'),
  description: z.string().describe('Meta description.'),
  template: z.enum(['frontpage', 'page', 'landing']).describe('Layout: the home page, a text page, a landing page.'),
  categoryId: z.string().nullable().describe('The root category a landing page belongs to.'),
  updatedAt: z.string(),
  blocks: z.array(resolvedContentBlockSchema),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** A modal defined in content (POST /api/Modal/GetModalRequest), e.g. a first-visit notice. */
export const contentModalSchema = z.object({
  id: contentIdSchema,
  title: z.string(),
  content: richTextSchema,
  dismissLabel: z.string(),
  frequency: z
    .enum(['once', 'session', 'always'])
    .describe('`once`: until dismissed (kept a year); `session`: once per browser session; `always`: every visit.'),
  version: z.number().int().min(1).describe('Raised by an edit that should be shown again to those who dismissed it.'),
  audience: contentAudienceSchema,
  pathPrefixes: z.array(z.string()).describe('Pages it shows on: path prefixes; `/` is every page.'),
});
export type ContentModal = z.infer<typeof contentModalSchema>;

/**
 * Who may open a content page (issue 29): everyone; only logged-in users (buyers, sales reps, staff); or only sales
 * reps (users with the `impersonation` role). Back-office staff may open every page, to check what they published.
 * GetContentByUrl answers 403 to anyone else; a block's `audience` only hides parts of a page anyone may open.
 */
export const contentPageVisibilitySchema = z
  .enum(['everyone', 'logged-in', 'sales-reps'])
  .describe(
    'Who may open the page. Left out: everyone. `logged-in`: only logged-in users (buyers, sales reps, staff); ' +
      '`sales-reps`: only sales reps. Anyone else gets the Forbidden page (403), and it is left out of the sitemap. ' +
      'Back-office staff may open every page.',
  );
export type ContentPageVisibility = z.infer<typeof contentPageVisibilitySchema>;

/**
 * What a content document holds, by kind, as stored in `content_documents.body` (the database's JSON column and
 * the back office's Document calls use this type).
 */
export const contentDocumentBodySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('page'),
      description: z.string().max(500),
      template: contentPageSchema.shape.template,
      categoryId: z.string().nullable(),
      visibleTo: contentPageVisibilitySchema.optional(),
      blocks: z.array(contentBlockSchema).max(MAX_CONTENT_BLOCKS),
    })
    .strict(),
  z.object({ kind: z.literal('element'), block: contentBlockSchema }).strict(),
  z
    .object({
      kind: z.literal('form'),
      intro: z.string().max(1000),
      fields: z.array(formFieldSchema).min(1).max(MAX_FORM_FIELDS),
      submitLabel: z.string().min(1).max(100),
      successMessage: z.string().min(1).max(500),
      recipient: z.email().describe('Where submissions are mailed (never sent to the browser).'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('modal'),
      content: richTextSchema,
      dismissLabel: z.string().min(1).max(100),
      frequency: contentModalSchema.shape.frequency,
      version: z.number().int().min(1),
      audience: contentModalSchema.shape.audience,
      pathPrefixes: z.array(z.string().regex(/^\//).max(200)).min(1).max(50),
    })
    .strict(),
]);
export type ContentDocumentBody = z.infer<typeof contentDocumentBodySchema>;
export type ContentDocumentKind = ContentDocumentBody['kind'];
