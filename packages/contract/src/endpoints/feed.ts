/** The partner product-information feed (spec §7). */
import { defineEndpoint } from '../endpoint.ts';
import { perfionFeedQuery, perfionFeedResponse } from '../feed.ts';

export const feedEndpoints = {
  getPerfionFeedEntries: defineEndpoint({
    method: 'POST',
    path: '/api/feed/PerfionFeed/GetEntries',
    // Public route, guarded by its own token (PERFION_FEED_TOKEN): the partner has no shop login.
    policy: 'public',
    tag: 'Feed',
    summary: 'Products or categories changed since a date, for the product-information partner',
    description:
      'A wrong token answers 401; with PERFION_FEED_TOKEN unset the feed is switched off and every call answers 401. ' +
      'Products include discontinued ones (`discontinued: true`). Categories have no change time: a category feed ' +
      'lists them all whatever `newerThan` says, each with `updatedAt` 1970-01-01T00:00:00.000Z.',
    query: perfionFeedQuery,
    response: perfionFeedResponse,
    errors: [401],
  }),
};
