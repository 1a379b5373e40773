/**
 * Tokenising for free-text search: the same normalisation for indexed text and for queries, so that
 * "Men’s" in a name and "mens" in a query meet.
 */

/** Fields free text searches (spec §7: name, item number and brand), as bit flags on postings. */
export const TEXT_FIELD = { name: 1, brand: 2, itemNumber: 4 } as const;

/** spec §5: brand terms `bbs` and `bb's` are rewritten to `bb` (an exact term, no wildcard). */
const BRAND_REWRITES: ReadonlyMap<string, string> = new Map([['bbs', 'bb']]);

/** Printable ASCII: needs neither Unicode normalisation nor diacritic stripping. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Lower case, diacritics removed, apostrophes dropped (so `bb's` and `bbs` become the same). */
export function normalizeText(text: string): string {
  if (PLAIN_ASCII.test(text)) return text.toLowerCase().replace(/['`]/g, '');
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '');
}

/** Words of a name or brand: runs of letters and digits after normalising. */
export function tokenizeWords(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** An item number is indexed whole (`100123-03`), so a query can find it by any prefix. */
export function normalizeItemNumber(itemNumber: string): string {
  // Most item numbers are digits and dashes already: skip the general normalisation.
  if (/^[0-9a-z._-]+$/.test(itemNumber)) return itemNumber;
  return normalizeText(itemNumber).trim();
}

/**
 * One term of a query. `text` is matched as a prefix (spec §5: a trailing wildcard) unless `isExact`;
 * `parts` (when the term holds separators, like `t-shirt`) must all match as prefixes — an alternative to `text`.
 */
export type QueryTerm = { text: string; isExact: boolean; parts: string[] };

/**
 * Splits a free-text query into terms. Terms are separated by white space; `bbs` / `bb's` become the exact
 * term `bb` (spec §5); every other term gets a trailing wildcard.
 */
export function parseQueryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const raw of query.split(/\s+/)) {
    const text = normalizeText(raw).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (text.length === 0) continue;
    const rewritten = BRAND_REWRITES.get(text);
    if (rewritten !== undefined) {
      terms.push({ text: rewritten, isExact: true, parts: [] });
      continue;
    }
    const parts = tokenizeWords(text);
    terms.push({ text, isExact: false, parts: parts.length > 1 ? parts : [] });
  }
  return terms;
}
