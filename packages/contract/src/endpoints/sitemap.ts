/** Sitemap data for the storefront's static sitemap routes (spec §2); the storefront writes the XML. */
import { defineEndpoint } from '../endpoint.ts';
import {
  getSitemapEntriesQuery,
  getSitemapEntriesResponse,
  getSitemapIndexQuery,
  getSitemapIndexResponse,
} from '../sitemap.ts';

export const sitemapEndpoints = {
  getIndex: defineEndpoint({
    method: 'GET',
    path: '/api/Sitemap/GetIndex',
    // Public: search engines read sitemaps without logging in.
    policy: 'public',
    tag: 'Content',
    summary: 'The sitemap files of an area and language',
    description:
      'One file per type and 50,000 entries, with the newest change of each file, and the area primary domain ' +
      'for the language. A language the area has no domain for answers 404.',
    query: getSitemapIndexQuery,
    response: getSitemapIndexResponse,
    errors: [404],
  }),
  getEntries: defineEndpoint({
    method: 'GET',
    path: '/api/Sitemap/GetEntries',
    // Public: search engines read sitemaps without logging in.
    policy: 'public',
    tag: 'Content',
    summary: 'One sitemap file: the canonical content paths of products or categories',
    description:
      'At most 50,000 entries a page (sitemaps.org). A page beyond the last, or a language the area has no ' +
      'domain for, answers 404.',
    query: getSitemapEntriesQuery,
    response: getSitemapEntriesResponse,
    errors: [404],
  }),
};
