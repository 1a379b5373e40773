/** The redirects table's columns that sort (browser-safe: the table's headers read it). */
export const REDIRECT_SORT_FIELDS = ['fromPath', 'toUrl', 'status', 'updatedAt'] as const;
export type RedirectSortField = (typeof REDIRECT_SORT_FIELDS)[number];
