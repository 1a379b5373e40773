/**
 * Content calls of spec §7: URLs to catalogue and content pages, redirects, reusable elements, translations and the
 * content models (the Area calls are in area.ts).
 */
import {
  dummyToGetModelsResponse,
  getAllRedirectsResponse,
  getContentByUrlQuery,
  getContentByUrlResponse,
  getElementByIdBody,
  getElementByIdResponse,
  getElementsByIdsBody,
  getElementsByIdsResponse,
  getElementsBySearchBody,
  getElementsBySearchResponse,
  getRedirectByUrlQuery,
  getRedirectByUrlResponse,
  getTranslationsByAreaIdQuery,
  getTranslationsByAreaIdResponse,
} from '../content.ts';
import { internalApiHeaders } from '../debug.ts';
import { defineEndpoint } from '../endpoint.ts';

export const contentEndpoints = {
  getContentByUrl: defineEndpoint({
    method: 'GET',
    path: '/api/Content/GetContentByUrl',
    // Public: every storefront page, logged in or not, starts by resolving its URL (spec §2).
    policy: 'public',
    tag: 'Content',
    summary: 'Resolve a storefront URL to a redirect, a product, a category, a content page or 404',
    description:
      'The language prefix (e.g. /en-GB) and the query string are ignored; an empty path means / (spec §2). ' +
      'A path with a stored redirect answers `status` 301 or 302 with `redirectUrl` (a path, or an absolute URL), ' +
      'before any page at that path. Unknown paths answer HTTP 200 with `status` 404, which the storefront turns ' +
      'into its 404 page. A content page the caller may not open (its `visibleTo`: logged-in users or sales reps ' +
      'only) answers HTTP 403 `ForbiddenException` (spec §8); send the Bearer token to be let in.',
    query: getContentByUrlQuery,
    response: getContentByUrlResponse,
    errors: [403],
  }),
  getRedirectByUrl: defineEndpoint({
    method: 'GET',
    path: '/api/Content/GetRedirectByUrl',
    // Public: old URLs are followed for anonymous visitors and search engines too (spec §2).
    policy: 'public',
    tag: 'Content',
    summary: 'Where an old URL now lives (301 or 302)',
    description:
      'The language prefix and the query string of `Url` are ignored, as in GetContentByUrl. Answered from the ' +
      'redirects every instance keeps in memory (ADR 037); a URL without a redirect answers 404.',
    query: getRedirectByUrlQuery,
    response: getRedirectByUrlResponse,
    errors: [404],
  }),
  getAllRedirects: defineEndpoint({
    method: 'GET',
    path: '/internal/api/Content/GetAllRedirects',
    // Not a user's call: a storefront process loads its redirect map with the secret both apps share
    // (INTERNAL_API_SECRET), at its first page and after each `redirects` invalidation. Without it: 401 (ADR 037).
    policy: 'public',
    tag: 'Operations',
    summary: 'Every redirect of every area, as stored now',
    description:
      'Requires the X-Internal-Api-Secret header holding INTERNAL_API_SECRET (401 otherwise, also when the API has ' +
      "none). Read from the database, not from the answering instance's map, which may not have seen the newest change.",
    headers: internalApiHeaders,
    response: getAllRedirectsResponse,
    errors: [401],
  }),
  getElementById: defineEndpoint({
    method: 'POST',
    path: '/api/Content/GetElementById',
    // Public: elements (banners, notices) show on pages anonymous visitors see.
    policy: 'public',
    tag: 'Content',
    summary: 'One reusable content element by id',
    description:
      'The element of the area and language, its block resolved as on a page (carousel products, tiles, form).',
    body: getElementByIdBody,
    response: getElementByIdResponse,
    errors: [404],
  }),
  getElementsByIds: defineEndpoint({
    method: 'POST',
    path: '/api/Content/GetElementsByIds',
    policy: 'public',
    tag: 'Content',
    summary: 'Reusable content elements by ids',
    description: 'Found elements in the order asked; unknown ids are left out (no 404).',
    body: getElementsByIdsBody,
    response: getElementsByIdsResponse,
  }),
  getElementsBySearch: defineEndpoint({
    method: 'POST',
    path: '/api/Content/GetElementsBySearch',
    policy: 'public',
    tag: 'Content',
    summary: 'Reusable content elements whose id, name or text matches, paged',
    body: getElementsBySearchBody,
    response: getElementsBySearchResponse,
  }),
  getTranslationsByAreaId: defineEndpoint({
    method: 'GET',
    path: '/api/Content/GetTranslationsByAreaId',
    // Public: the storefront's texts (error messages included) are needed before login.
    policy: 'public',
    tag: 'Content',
    summary: "The storefront's texts for an area and language",
    description: 'Keys such as `Exceptions.NotFoundException`, `Exceptions.DefaultErrorMessage`, `Toast.TextCopied`.',
    query: getTranslationsByAreaIdQuery,
    response: getTranslationsByAreaIdResponse,
    errors: [404],
  }),
  dummyToGetModels: defineEndpoint({
    method: 'GET',
    path: '/api/Content/DummyToGetModels',
    policy: 'public',
    tag: 'Content',
    summary: 'One example of each content model, for code generators',
    response: dummyToGetModelsResponse,
  }),
};
