/**
 * Headers of a file that is one customer's own (a document's PDF, an Instant Excel sheet with their prices): never
 * kept by a shared cache, never sniffed into something else than what it is.
 */
export const PRIVATE_FILE_HEADERS = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };
