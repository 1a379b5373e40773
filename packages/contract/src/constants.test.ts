/**
 * The spec's numbers and names, written out literally next to the spec's words. Each constant is compared with the
 * value the spec gives, never with itself, so that an edit of constants.ts that drifts from the spec fails here.
 */
import { describe, expect, it } from 'vitest';
import {
  AREA_DEFAULTS,
  AREA_IDS,
  BEARER_PREFIX,
  BUTTON_SEVERITIES,
  CART_CALCULATION_MAX_RETRIES,
  DEFAULT_AREA_ID,
  DEFAULT_ERROR_STATUS,
  DEFAULT_ERROR_TOAST_TITLE,
  DEFAULT_FAVORITE_LIST_NAME,
  DEFAULT_LANGUAGE_CODE,
  DEFAULT_LIST_KEY,
  DEFAULT_SHIP_TO_COUNTRY_CODE,
  DEFAULT_UNIT_OF_MEASURE,
  DEVICE_INFO_RESIZE_DELAY_MS,
  DISCOUNT_SPLASH_DEBOUNCE_MS,
  DROPDOWN_PANEL_MAX_HEIGHT_PX,
  FACET_SEPARATOR,
  FAVORITE_LISTS_FETCHED,
  HTTP_TIMEOUT_MS,
  LOADING_BAR,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  LOOKUP_TEMPLATES,
  MIN_DATE,
  PAGE_QUERY_NAME,
  PAYLOAD_PREFETCH_DELAY_MS,
  PAYLOAD_PREFETCH_SKIPPED_CONNECTION,
  PRICE_CHUNK_SIZE,
  PRICE_DEBOUNCE_MS,
  RETRIES_FOR_IDEMPOTENT_REQUESTS,
  RETRIES_FOR_OTHER_REQUESTS,
  RETRY_STATUS_CODES,
  ROUTE_TRANSITION_WAIT_MS,
  SORTING_OPTIONS,
  STATUS_TEXTS,
  TOAST_LIFE_MS,
  TOAST_POSITION,
  UNAUTHORIZED_DEBOUNCE_MS,
  UNAUTHORIZED_MAX_WAIT_MS,
} from './constants.ts';

describe('spec §1: sales areas', () => {
  // "Two sales areas exist: us | USA & Canada | en-GB | USD; eu | Europe | en-GB | EUR"
  it('has the two areas of the table', () => {
    expect(AREA_IDS).toEqual(['us', 'eu']);
    expect(AREA_DEFAULTS).toEqual({
      us: { name: 'USA & Canada', languageCode: 'en-GB', currencyCode: 'USD' },
      eu: { name: 'Europe', languageCode: 'en-GB', currencyCode: 'EUR' },
    });
  });

  // "The default area is eu (EUR, en-GB) … The locale is forced to en-GB"
  it('defaults to eu and en-GB', () => {
    expect(DEFAULT_AREA_ID).toBe('eu');
    expect(DEFAULT_LANGUAGE_CODE).toBe('en-GB');
  });
});

describe('spec §9: business constants and limits', () => {
  // "Locale cookie valid 365 days, SameSite lax. Default unit of measure STK. Default ship-to country US.
  //  Minimum date 0001-01-01T00:00:00Z."
  it('pins the defaults of the first paragraph', () => {
    expect(LOCALE_COOKIE).toBe('locale');
    expect(LOCALE_COOKIE_MAX_AGE_DAYS).toBe(365);
    expect(DEFAULT_UNIT_OF_MEASURE).toBe('STK');
    expect(DEFAULT_SHIP_TO_COUNTRY_CODE).toBe('US');
    expect(MIN_DATE).toBe('0001-01-01T00:00:00Z');
  });

  // "HTTP timeout 100000 ms. HTTP client retries on 408, 409, 425, 429, 500, 502, 503, 504: 0 times for
  //  idempotent requests, once for others."
  it('pins the HTTP client timeout and retry rule', () => {
    expect(HTTP_TIMEOUT_MS).toBe(100000);
    expect([...RETRY_STATUS_CODES]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(RETRIES_FOR_IDEMPOTENT_REQUESTS).toBe(0);
    expect(RETRIES_FOR_OTHER_REQUESTS).toBe(1);
  });

  // "Price requests: 100 ms debounce, chunks of 12 products. Discount splash queue: 500 ms debounce.
  //  401 counter: 500 ms debounce, 1000 ms max wait. Cart calculation retries at most 3."
  it('pins batching, debouncing and the calculation retries', () => {
    expect(PRICE_DEBOUNCE_MS).toBe(100);
    expect(PRICE_CHUNK_SIZE).toBe(12);
    expect(DISCOUNT_SPLASH_DEBOUNCE_MS).toBe(500);
    expect(UNAUTHORIZED_DEBOUNCE_MS).toBe(500);
    expect(UNAUTHORIZED_MAX_WAIT_MS).toBe(1000);
    expect(CART_CALCULATION_MAX_RETRIES).toBe(3);
  });

  // "Default list key products; page query name p; facet separator comma. Lookup templates: page, frontpage,
  //  product-cart."
  it('pins the listing names', () => {
    expect(DEFAULT_LIST_KEY).toBe('products');
    expect(PAGE_QUERY_NAME).toBe('p');
    expect(FACET_SEPARATOR).toBe(',');
    expect(LOOKUP_TEMPLATES).toEqual(['page', 'frontpage', 'product-cart']);
  });

  // "Sorting options: New stock level descending (default), Name A-Z, Name Z-A, Item number up, Item number down,
  //  Stock level down."
  it('has the six sorting options in the spec order, the default first', () => {
    expect(SORTING_OPTIONS.map((option) => option.name)).toEqual([
      'New stock level descending',
      'Name A-Z',
      'Name Z-A',
      'Item number up',
      'Item number down',
      'Stock level down',
    ]);
    expect(SORTING_OPTIONS.map((option) => option.sortings)).toEqual([
      [{ field: 'newStockDate', direction: 'Descending' }],
      [{ field: 'name', direction: 'Ascending' }],
      [{ field: 'name', direction: 'Descending' }],
      [{ field: 'id', direction: 'Ascending' }],
      [{ field: 'id', direction: 'Descending' }],
      [{ field: 'stockLevel', direction: 'Descending' }],
    ]);
  });

  // "Favorite lists fetched: first 15; default new list name "Favorite list"."
  it('pins the favourite list numbers', () => {
    expect(FAVORITE_LISTS_FETCHED).toBe(15);
    expect(DEFAULT_FAVORITE_LIST_NAME).toBe('Favorite list');
  });

  // "icon fetch timeout 1500 ms; route transition waits up to 100 ms; payload prefetch 1 s after load except on
  //  slow-2g; device info refresh 50 ms after resize" (the icon timeout has no place: no icon is fetched, ADR 036).
  // Each feature's own test checks it uses its figure: lib/route-transition.test.ts, lib/payload-prefetch.test.ts,
  // lib/device-info.test.ts.
  it('pins the storefront’s timing in the browser', () => {
    expect(ROUTE_TRANSITION_WAIT_MS).toBe(100);
    expect(PAYLOAD_PREFETCH_DELAY_MS).toBe(1000);
    expect(PAYLOAD_PREFETCH_SKIPPED_CONNECTION).toBe('slow-2g');
    expect(DEVICE_INFO_RESIZE_DELAY_MS).toBe(50);
  });

  // "Dropdown panel max height 200px. Button severities: primary, secondary, accent-1, accent-2, cta-1, cta-2, white,
  //  danger (styling only)." Checked in use by e2e/client-constants.spec.ts and components/ui/button.test.ts.
  it('pins the dropdown panels’ height and the button severities', () => {
    expect(DROPDOWN_PANEL_MAX_HEIGHT_PX).toBe(200);
    expect(BUTTON_SEVERITIES).toEqual([
      'primary',
      'secondary',
      'accent-1',
      'accent-2',
      'cta-1',
      'cta-2',
      'white',
      'danger',
    ]);
  });

  // "Loading bar: throttle 200 ms, duration 2000 ms, height 3 px, hide delay 500 ms, reset delay 400 ms."
  it('pins the loading bar', () => {
    expect(LOADING_BAR).toEqual({
      throttleMs: 200,
      durationMs: 2000,
      heightPx: 3,
      hideDelayMs: 500,
      resetDelayMs: 400,
    });
  });

  // "Toast life 3000 ms (success, info, error, copy confirmation); bottom-right position … Default error status 500."
  it('pins the toasts and the default error status', () => {
    expect(TOAST_LIFE_MS).toBe(3000);
    expect(TOAST_POSITION).toBe('bottom-right');
    expect(DEFAULT_ERROR_STATUS).toBe(500);
  });
});

describe('spec §4 and §8: names and texts', () => {
  // §4 Authentication: "access token saved with prefix "Bearer "" (with the space).
  it('stores the access token with the "Bearer " prefix', () => {
    expect(BEARER_PREFIX).toBe('Bearer ');
  });

  // §8: the error toast title is Danish, and 429 is "Client Error".
  it('keeps the spec wording of the error catalogue', () => {
    expect(DEFAULT_ERROR_TOAST_TITLE).toBe('Der opstod en fejl');
    expect(STATUS_TEXTS[429]).toBe('Client Error');
  });
});
