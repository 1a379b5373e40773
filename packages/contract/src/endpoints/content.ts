/** Content calls of spec §7 that resolve URLs: catalogue pages and redirects (the Area calls are in area.ts). */
import {
  getContentByUrlQuery,
  getContentByUrlResponse,
  getRedirectByUrlQuery,
  getRedirectByUrlResponse,
} from '../content.ts';
import { defineEndpoint } from '../endpoint.ts';

export const contentEndpoints = {
  getContentByUrl: defineEndpoint({
    method: 'GET',
    path: '/api/Content/GetContentByUrl',
    // Public: every storefront page, logged in or not, starts by resolving its URL (spec §2).
    policy: 'public',
    tag: 'Content',
    summary: 'Resolve a storefront URL to a product, a category or 404',
    description:
      'The language prefix (e.g. /en-GB) and the query string are ignored; an empty path means / (spec §2). ' +
      'Unknown paths answer HTTP 200 with `status` 404, which the storefront turns into its 404 page.',
    query: getContentByUrlQuery,
    response: getContentByUrlResponse,
  }),
  getRedirectByUrl: defineEndpoint({
    method: 'GET',
    path: '/api/Content/GetRedirectByUrl',
    // Public: old URLs are followed for anonymous visitors and search engines too (spec §2).
    policy: 'public',
    tag: 'Content',
    summary: 'Where an old URL now lives (301 or 302)',
    description:
      'The language prefix and the query string of `Url` are ignored, as in GetContentByUrl. The storefront asks ' +
      'only for a URL it would otherwise answer with its 404 page; a URL without a redirect answers 404.',
    query: getRedirectByUrlQuery,
    response: getRedirectByUrlResponse,
    errors: [404],
  }),
};
