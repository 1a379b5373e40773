/**
 * What request logs must not show. The partner feed takes its token in the query string (spec §7:
 * feed/PerfionFeed/GetEntries?…&token=…), and Fastify logs every request's URL; the logged URL masks the value.
 */
const SECRET_QUERY_VALUE = /([?&]token=)[^&#]*/gi;

/** The URL with the value of every `token` query parameter replaced by `***`. */
export function maskSecretQueryValues(url: string): string {
  return url.replace(SECRET_QUERY_VALUE, '$1***');
}
