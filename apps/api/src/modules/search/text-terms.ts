/**
 * Tokenising for free-text search: the same normalisation for indexed text and for queries, so that
 * "Men’s" in a name and "mens" in a query meet.
 */

/**
 * Fields free text searches, as bit flags on postings: spec §7's name, item number and brand, plus (issue 11) the
 * product type — the names of the product's category and its ancestors — and its specifications (colours of its
 * variants, material, gender, season), so "helmets" and "red helmet" find what a buyer means.
 */
export const TEXT_FIELD = { name: 1, brand: 2, itemNumber: 4, type: 8, specification: 16 } as const;

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

/** Words shorter than this keep their final s (`bbs`, `gas`, `ss25`): too short to tell a plural. */
const MIN_SINGULAR_LENGTH = 4;

/**
 * A simple English singular, for index terms and query words alike: `ies` → `y` (`categories`), `es` after s, x, z,
 * ch or sh (`boxes`, `glasses`), else a final `s` unless `ss` (`helmets`, `goggles`, but `glass`). Words shorter than
 * four letters, and words with digits (sizes, item numbers), are left alone. Over-cutting is harmless: every query
 * word is a prefix, and the index keeps the word as written next to its singular.
 */
export function singularize(word: string): string {
  if (word.length < MIN_SINGULAR_LENGTH || !word.endsWith('s') || word.endsWith('ss') || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > MIN_SINGULAR_LENGTH) return `${word.slice(0, -3)}y`;
  if (/(?:[sxz]|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
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
