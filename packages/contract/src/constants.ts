/**
 * Business constants of spec §9 (and the few of §1 and §4 that are numbers or names).
 * Both apps import them from here; nothing else defines them again. This module imports nothing (no zod), so the
 * storefront's browser code imports values from `@b2b/contract/constants` and keeps the schemas out of its bundle.
 */

/** spec §1: the two sales areas. */
export const AREA_IDS = ['us', 'eu'] as const;
export type AreaId = (typeof AREA_IDS)[number];

/** spec §1, §9: default area eu, EUR, en-GB; the locale is forced to en-GB. */
export const DEFAULT_AREA_ID: AreaId = 'eu';
export const DEFAULT_LANGUAGE_CODE = 'en-GB';
export const AREA_DEFAULTS: Record<AreaId, { name: string; languageCode: string; currencyCode: string }> = {
  us: { name: 'USA & Canada', languageCode: 'en-GB', currencyCode: 'USD' },
  eu: { name: 'Europe', languageCode: 'en-GB', currencyCode: 'EUR' },
};

/** spec §1: USD variants (USD, USN, USS: same-day / next-day dollars) are shown as USD. */
const USD_VARIANT = /^US[A-Z]$/;
const DISPLAY_CURRENCY_OVERRIDES: Readonly<Record<string, string>> = { XNOK: 'NOK' };

/**
 * spec §1: display currency maps USD variants to USD and XNOK to NOK; other codes pass through upper-cased. The
 * storefront formats its amounts in it, the API its sheets (Instant Excel's price column).
 */
export function toDisplayCurrency(code: string): string {
  const upper = code.trim().toUpperCase();
  if (USD_VARIANT.test(upper)) return 'USD';
  return DISPLAY_CURRENCY_OVERRIDES[upper] ?? upper;
}

/** spec §9 */
export const DEFAULT_UNIT_OF_MEASURE = 'STK';
/**
 * Units of measure as an English reader knows them, for display only: the data, the API and product keys keep the
 * code (`STK`, Danish "stk." for pieces). A code without an entry is shown as it is.
 */
export const UNIT_OF_MEASURE_LABELS: Readonly<Record<string, string>> = { STK: 'pcs' };
export const DEFAULT_SHIP_TO_COUNTRY_CODE = 'US';
export const MIN_DATE = '0001-01-01T00:00:00Z';
/**
 * spec §9: the locale cookie, valid 365 days, SameSite lax. It holds a language code the visitor's area configures
 * (GetAreaById: `languageCode` and the languages of `settings.domains`); any other value gives way to the area's own
 * language (web lib/locale.ts, ADR 036).
 */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

/** spec §9 HTTP client: timeout and the statuses worth one more try. */
export const HTTP_TIMEOUT_MS = 100_000;
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
/** Idempotent requests are retried 0 times, others once (spec §9, as written). */
export const RETRIES_FOR_IDEMPOTENT_REQUESTS = 0;
export const RETRIES_FOR_OTHER_REQUESTS = 1;

/** spec §9 batching and debouncing. */
export const PRICE_DEBOUNCE_MS = 100;
export const PRICE_CHUNK_SIZE = 12;
export const DISCOUNT_SPLASH_DEBOUNCE_MS = 500;
/** Most product ids one GetDiscountSplashesByProductIds call takes (issue 27). */
export const MAX_SPLASH_PRODUCT_IDS = 200;
/**
 * spec §9 Carousel: one slide a step, moved in 400 ms, autoplay every 5,000 ms. Autoplay is for the campaign banners
 * only, with a pause button, paused on focus and hover and off under prefers-reduced-motion (WCAG 2.2.2).
 */
export const CAROUSEL = { slidesPerStep: 1, speedMs: 400, autoplayMs: 5_000 } as const;
export const UNAUTHORIZED_DEBOUNCE_MS = 500;
export const UNAUTHORIZED_MAX_WAIT_MS = 1000;
export const CART_CALCULATION_MAX_RETRIES = 3;

/** spec §9 listing pages. */
export const DEFAULT_LIST_KEY = 'products';
export const PAGE_QUERY_NAME = 'p';
export const SEARCH_QUERY_NAME = 'q';
export const SORTING_QUERY_NAME = 's';
export const FACET_SEPARATOR = ',';
export const LOOKUP_TEMPLATES = ['page', 'frontpage', 'product-cart'] as const;
export type LookupTemplate = (typeof LOOKUP_TEMPLATES)[number];
/** Products per search page; the spec leaves the number open. */
export const SEARCH_PAGE_SIZE = 24;
/** Upper bound on one search request's take, so a client cannot ask for the whole catalogue at once. */
export const MAX_SEARCH_TAKE = 100;
/** Upper bound on one search request's skip: the storefront's last listing page is the one that still fits. */
export const MAX_SEARCH_SKIP = 1_000_000;
/** One checkbox facet's selection in a search request: at most this many values, each at most this long. */
export const MAX_FACET_VALUES = 200;
export const MAX_FACET_VALUE_LENGTH = 200;
/** One side of a slider facet (a number or a yyyy-mm-dd date) in a search request. */
export const MAX_SLIDER_VALUE_LENGTH = 20;
/** The most suggestions of each kind one GetSearchSuggestions call answers. */
export const MAX_SEARCH_SUGGESTIONS = 10;
/** Products GetSearchSuggestions suggests when the caller names no number: what the header search shows. */
export const DEFAULT_SUGGESTED_PRODUCTS = 6;
/**
 * The shortest typed text the storefront asks suggestions for (the header search, the quick order's item number):
 * shorter text matches too much to help, and every product starts with some letter.
 */
export const MIN_SUGGESTION_TEXT_LENGTH = 2;
/** Upper bound on ids or product keys in one lookup. */
export const MAX_LOOKUP_IDS = 200;

/** spec §9: favourite lists. */
export const FAVORITE_LISTS_FETCHED = 15;
export const DEFAULT_FAVORITE_LIST_NAME = 'Favorite list';
/** Issue 26: the most favourite lists a customer keeps, and products one list holds. */
export const MAX_FAVORITE_LISTS = 100;
export const MAX_FAVORITE_LIST_PRODUCTS = 1000;
/** Issue 26: a list's name is 1 to 100 characters once trimmed, unique per customer regardless of case. */
export const MAX_FAVORITE_LIST_NAME_LENGTH = 100;

/**
 * The site menu as editors keep it (issue 28, Area/UpdateMenus): the main menu shows three levels (an entry, its
 * panel's columns, their links; layout/main-menu-panel.tsx), so deeper entries would never be seen.
 */
export const MAX_MENU_DEPTH = 3;
export const MAX_MENU_ENTRIES_PER_LEVEL = 50;
export const MAX_MENU_ENTRY_NAME_LENGTH = 60;

/** The audit log's object type of the sales reps' impersonation sessions (issue 28), listed among staff changes. */
export const IMPERSONATION_SESSION_OBJECT_TYPE = 'impersonation-session';
/** The action of a session's entry in the audit log: the call that started it. */
export const IMPERSONATION_SESSION_ACTION = 'impersonate';

/** spec §9: toasts. */
export const TOAST_LIFE_MS = 3000;
export const TOAST_POSITION = 'bottom-right';
export const DEFAULT_ERROR_STATUS = 500;
/** spec §8: the error toast's default title (Danish, as the spec says). */
export const DEFAULT_ERROR_TOAST_TITLE = 'Der opstod en fejl';

/** spec §9: the thin loading bar. */
export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  heightPx: 3,
  hideDelayMs: 500,
  resetDelayMs: 400,
} as const;

/**
 * spec §9: the storefront's timing in the browser (ADR 036). Payload prefetch: the likely next pages' code and data
 * are fetched 1 s after the page has loaded, never on a slow-2g connection (navigator.connection.effectiveType).
 */
export const PAYLOAD_PREFETCH_DELAY_MS = 1000;
export const PAYLOAD_PREFETCH_SKIPPED_CONNECTION = 'slow-2g';
/** Device info (the layout's phone or desktop switch) is read again 50 ms after the last resize. */
export const DEVICE_INFO_RESIZE_DELAY_MS = 50;
/** A route transition waits up to 100 ms before its pending state shows: a quicker one shows none. */
export const ROUTE_TRANSITION_WAIT_MS = 100;

/** spec §9: dropdown panels (menus, suggestion lists) are at most 200 px high and scroll beyond. */
export const DROPDOWN_PANEL_MAX_HEIGHT_PX = 200;
/** spec §9: button severities (styling only); web components/ui/button.tsx gives each its look. */
export const BUTTON_SEVERITIES = [
  'primary',
  'secondary',
  'accent-1',
  'accent-2',
  'cta-1',
  'cta-2',
  'white',
  'danger',
] as const;
export type ButtonSeverity = (typeof BUTTON_SEVERITIES)[number];

/** spec §9: page reload guard. A new build reloads the storefront at most once in this time (spec §4 build updates). */
export const PAGE_RELOAD_GUARD_MS = 10_000;

/** The solution name: the tab title when a page has none (spec §2). */
export const SOLUTION_NAME = 'Ridgeline B2B';

/** Cookie names of spec §3 (auth state). The refresh token's name is ours. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const IMPERSONATION_TOKEN_COOKIE = 'impersonationAuthToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
/** spec §4 Authentication: the access token is stored with this prefix. */
export const BEARER_PREFIX = 'Bearer ';

// Search (spec §2, §9)

/** Fields a facet may filter on. Sliders work on numbers (stockLevel) and dates (newStockDate). */
export const FACET_FIELDS = [
  'brand',
  'category',
  'size',
  'colour',
  'material',
  'gender',
  'season',
  'stockLevel',
  'newStockDate',
] as const;
/** Fields a search may sort on. */
export const SORT_FIELDS = ['newStockDate', 'name', 'id', 'stockLevel'] as const;
/** Sorting option of spec §3. */
export type SortingOption = {
  name: string;
  queryValue: string;
  sortings: Array<{ field: (typeof SORT_FIELDS)[number]; direction: 'Ascending' | 'Descending' }>;
};

/** spec §9: the six sorting options; the first is the default and is never written to the URL. */
export const SORTING_OPTIONS: readonly SortingOption[] = [
  {
    name: 'New stock level descending',
    queryValue: 'new-stock',
    sortings: [{ field: 'newStockDate', direction: 'Descending' }],
  },
  { name: 'Name A-Z', queryValue: 'name-asc', sortings: [{ field: 'name', direction: 'Ascending' }] },
  { name: 'Name Z-A', queryValue: 'name-desc', sortings: [{ field: 'name', direction: 'Descending' }] },
  { name: 'Item number up', queryValue: 'item-number-asc', sortings: [{ field: 'id', direction: 'Ascending' }] },
  { name: 'Item number down', queryValue: 'item-number-desc', sortings: [{ field: 'id', direction: 'Descending' }] },
  { name: 'Stock level down', queryValue: 'stock-desc', sortings: [{ field: 'stockLevel', direction: 'Descending' }] },
];

// Form limits the storefront shows in its inputs (maxLength/minLength) and the API's schemas enforce

/** Length of a new password: at least 8 characters, at most 200. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
/** Longest free-text product search. */
export const MAX_SEARCH_TEXT_LENGTH = 200;
/** Longest path of a stored media file (GetMediaFile, the web's /images/raw/{b64Path}). */
export const MAX_MEDIA_PATH_LENGTH = 500;
/** Longest order search text (part of an order number or reference). */
export const MAX_ORDER_SEARCH_LENGTH = 100;
/** Longest customer search text of a sales rep (part of a customer number or name, GetAllowedUsersToImpersonate). */
export const MAX_CUSTOMER_SEARCH_LENGTH = 100;

// Sales impersonation (spec §6, ADR 013)

/** An impersonation token (and its session) lasts 8 hours at most: a working day, never overnight. */
export const IMPERSONATION_TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;
export const MAX_IMPERSONATION_REASON_LENGTH = 200;

// Cart and checkout

/**
 * Bound of any quantity in a cart request: above it the request is malformed (400 at validation). What a line may
 * really hold is its product's limit (`maxLineQuantity`), far below this (ADR 019).
 */
export const MAX_LINE_QUANTITY = 100_000;
/**
 * The line limit of a product without one of its own (products.max_line_quantity null): the seed's limit for the
 * cheapest goods, so no product is more permissive than a cap or a wax bar (ADR 019).
 */
export const DEFAULT_MAX_LINE_QUANTITY = 1_000;
export const MAX_COMMENT_LENGTH = 1000;
export const MAX_REFERENCE_LENGTH = 50;

/** Status texts of spec §8 ("Client Error" for 429 is the spec's wording). */
export const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Client Error',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

// Order states and documents (ADR 014)

/**
 * The states of an order (ADR 014): `Placed` is "received". The back office moves an order on with UpdateOrderState;
 * the allowed moves are in the API's order-states.ts.
 */
export const ORDER_STATUSES = [
  'Placed',
  'Processing',
  'PartlyShipped',
  'Shipped',
  'Invoiced',
  'Completed',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** What people read for each state (the storefront's badges and timeline). */
export const ORDER_STATUS_TEXTS: Record<OrderStatus, string> = {
  Placed: 'Received',
  Processing: 'Processing',
  PartlyShipped: 'Partly shipped',
  Shipped: 'Shipped',
  Invoiced: 'Invoiced',
  Completed: 'Completed',
  Cancelled: 'Cancelled',
};

/** An invoice is paid once its payment is registered, overdue when still open after its due date (computed). */
export const INVOICE_STATUSES = ['open', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_TEXTS: Record<InvoiceStatus, string> = { open: 'Open', paid: 'Paid', overdue: 'Overdue' };

/** Documents (invoices, credit memos) per page in the customer center; GetInvoices answers at most the maximum. */
export const DEFAULT_DOCUMENTS_PAGE_SIZE = 20;
export const MAX_DOCUMENTS_PAGE_SIZE = 100;
/** Days from invoice date to due date when a customer has no terms of their own. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const MAX_DOCUMENT_SEARCH_LENGTH = 100;
export const MAX_DOCUMENT_NOTE_LENGTH = 500;
/** Orders per page of the back office's order search (issue 28); the table shows the default. */
export const DEFAULT_BACKOFFICE_ORDER_PAGE_SIZE = 25;
export const MAX_BACKOFFICE_ORDER_PAGE_SIZE = 100;
/**
 * The order search counts its matches up to this many and then says "10,000+": an exact count of every order would
 * read them all on each search, where narrowing the filters is what staff do next anyway.
 */
export const BACKOFFICE_ORDER_COUNT_LIMIT = 10_000;
/** The columns the back office's order search sorts by. */
export const BACKOFFICE_ORDER_SORT_FIELDS = ['placedAt', 'orderNumber', 'customer', 'total', 'state'] as const;

/**
 * The caches Debug/GetCacheUsage reports and InvalidateCacheByType empties (issue 28, ADR 030), by the name staff
 * see. Each names the kind of data, wherever it is kept: `content` is the API's and the storefront's content caches.
 */
export const CACHE_TYPES = [
  'price',
  'product',
  'search-facets',
  'principal',
  'redirects',
  'content',
  'translations',
  'area',
  'modals',
  'order-terms',
  'campaigns',
  'cart-products',
  'page',
  'image',
] as const;
export type CacheType = (typeof CACHE_TYPES)[number];

/** What each cache holds and how long, for the back office's caches page. */
export const CACHE_TYPE_DESCRIPTIONS: Readonly<Record<CacheType, string>> = {
  price: 'Prices of GetPrices by currency, price group and product, and the sellers’ VAT rates (60 s)',
  product: 'Products of search result pages, per search index snapshot',
  'search-facets': 'Facet counts of searches, per search index snapshot',
  principal: 'Users’ roles and customers, sessions and impersonation sessions (5 s)',
  redirects: 'Every redirect of every area, reloaded after each change (on every instance within 5 s)',
  content: 'Content pages by address (2 s)',
  translations: 'Translations by area and language (60 s)',
  area: 'Sales areas and their settings: menus, banners, discount codes (2 s)',
  modals: 'Content modals by page and audience (2 s)',
  'order-terms': 'Order terms by area and currency (60 s)',
  campaigns: 'Campaign lists by login state (5 min)',
  'cart-products': 'Product names and images of cart lines (5 min)',
  page: 'Whole pages kept for anonymous visitors (3 s)',
  image: 'Resized product images on disk',
};

/** How often every instance sends its cache usage, and how long an instance that stopped sending is still listed. */
export const CACHE_USAGE_REPORT_INTERVAL_MS = 5_000;
export const CACHE_USAGE_REPORT_MAX_AGE_MS = 15_000;
/** How often every instance looks for new cache invalidations: an invalidation is effective everywhere within 5 s. */
export const CACHE_INVALIDATION_POLL_INTERVAL_MS = 2_000;

/** Redirects in the back office (issue 28): the CSV's columns in order, as GetRedirectsHeaderAsCsv answers them. */
export const REDIRECT_CSV_COLUMNS = ['fromPath', 'toUrl', 'status'] as const;
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
/** What DeleteAllRedirects' `confirm` must say, typed by the user in the workspace's dialog. */
export const DELETE_ALL_REDIRECTS_CONFIRMATION = 'DELETE ALL';
/** Rows of one UpdateRedirectsByCsv (the header not counted); the import of 50,000 takes ≤ 5 s (issue 28 §3). */
export const MAX_REDIRECT_CSV_ROWS = 100_000;
/** Row problems an import answers at most (the total is counted); a file with more is fixed from these first. */
export const MAX_REDIRECT_CSV_ERRORS = 500;
export const DEFAULT_REDIRECTS_PAGE_SIZE = 50;
export const MAX_REDIRECTS_PAGE_SIZE = 200;
