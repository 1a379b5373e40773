// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
import { type Bitset, createEmptyBitset, createFullBitset, intersectInto, setBit, uniteInto } from './bitset.ts';
import { isOneEditAway } from './edit-distance.ts';
import { collectRangeDocs, findTermRange, type TermDictionary } from './term-dictionary.ts';
import { type QueryTerm, singularize, TEXT_FIELD } from './text-terms.ts';

/** The terms of each document (the transposed postings), used to score the few documents of a result page. */
export type DocumentTerms = { start: Uint32Array; termIds: Uint32Array; fields: Uint8Array };

/** Transposes the postings into per-document term lists (counting sort: two passes, no per-document arrays). */
export function buildDocumentTerms(dictionary: TermDictionary, size: number): DocumentTerms {
  const { postingStart, postingDocs, postingFields } = dictionary;
  const start = new Uint32Array(size + 1);
  for (const doc of postingDocs) start[doc + 1]!++;
  for (let doc = 0; doc < size; doc++) start[doc + 1]! += start[doc]!;
  const next = start.slice(0, size);
  const termIds = new Uint32Array(postingDocs.length);
  const fields = new Uint8Array(postingDocs.length);
  for (let term = 0; term < dictionary.terms.length; term++) {
    for (let p = postingStart[term]!; p < postingStart[term + 1]!; p++) {
      const doc = postingDocs[p]!;
      const slot = next[doc]!++;
      termIds[slot] = term;
      fields[slot] = postingFields[p]!;
    }
  }
  return { start, termIds, fields };
}

/**
 * The dictionary's words (terms that occur in a name, brand, type or specification — not item numbers) grouped by
 * length, for typo tolerance: a word's candidates are the words one letter shorter, as long, or one longer.
 */
export type WordsByLength = ReadonlyMap<number, Uint32Array>;

export function groupWordsByLength(dictionary: TermDictionary, termFields: Uint8Array): WordsByLength {
  const groups = new Map<number, number[]>();
  const { terms } = dictionary;
  for (let term = 0; term < terms.length; term++) {
    if ((termFields[term]! & ~TEXT_FIELD.itemNumber) === 0) continue;
    const length = terms[term]!.length;
    const group = groups.get(length);
    if (group === undefined) groups.set(length, [term]);
    else group.push(term);
  }
  return new Map([...groups].map(([length, termIds]) => [length, Uint32Array.from(termIds)]));
}

/** Typos are tolerated only in words at least this long (issue 11): shorter words have too many neighbours. */
export const MIN_TYPO_WORD_LENGTH = 5;

/**
 * How far "did you mean" and the nearest categories look from a word that found nothing: 1 edit under five
 * letters, 2 up to eight, 3 from nine ("snowbordxx" → "snowboard"). Only suggested, never searched that loosely.
 */
export function findSuggestionDistance(word: string): number {
  if (word.length < MIN_TYPO_WORD_LENGTH) return 1;
  return word.length < 9 ? 2 : 3;
}

/**
 * A query term looked up in the dictionary. It matches the terms in `ranges` (prefix ranges of the word and of its
 * singular; one exact term for the brand rewrite); when those are empty, the `corrections` (words one typo away);
 * or else, when it has `parts`, documents matching every part.
 */
export type ResolvedTerm = {
  /** The normalised query word. */
  text: string;
  /** The fields whose terms this word finds by prefix (TEXT_FIELD bits; prefixFieldsOf). */
  prefixFields: number;
  /** Dictionary terms equal to one of these are exact hits (the word as typed, its singular). */
  exactTexts: readonly string[];
  ranges: ReadonlyArray<{ start: number; end: number }>;
  /** Term ids of words one typo away; filled only when `ranges` are empty. */
  corrections: readonly number[];
  parts: readonly ResolvedTerm[];
};

/** Word terms at Damerau–Levenshtein distance 1 from any of `texts`. */
export function findCorrections(
  dictionary: TermDictionary,
  wordsByLength: WordsByLength,
  texts: readonly string[],
): number[] {
  const found = new Set<number>();
  for (const text of texts) {
    for (let length = text.length - 1; length <= text.length + 1; length++) {
      for (const term of wordsByLength.get(length) ?? []) {
        if (isOneEditAway(text, dictionary.terms[term]!)) found.add(term);
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** Looks a query term up: the prefix ranges of the word and its singular forms, or corrections when they are empty. */
export function resolveQueryTerm(
  dictionary: TermDictionary,
  wordsByLength: WordsByLength,
  term: QueryTerm,
): ResolvedTerm {
  const parts = term.parts.map((part) =>
    resolveQueryTerm(dictionary, wordsByLength, { text: part, isExact: false, parts: [] }),
  );
  if (term.isExact) {
    const range = findTermRange(dictionary, term.text, true);
    return { text: term.text, prefixFields: 0, exactTexts: [term.text], ranges: [range], corrections: [], parts };
  }
  const singular = singularize(term.text);
  // "hoodies" → "hoody" (the index's singular) and "hoodie" (as product names spell it): both are prefixes.
  const prefixes =
    term.text.endsWith('ies') && singular !== term.text ? [singular, term.text.slice(0, -1)] : [singular];
  const ranges = prefixes
    .map((prefix) => findTermRange(dictionary, prefix, false))
    .filter((range) => range.end > range.start);
  const exactTexts = [...new Set([term.text, ...prefixes])];
  const isTypoCandidate =
    ranges.length === 0 && parts.length === 0 && term.text.length >= MIN_TYPO_WORD_LENGTH && !/\d/.test(term.text);
  const corrections = isTypoCandidate ? findCorrections(dictionary, wordsByLength, exactTexts) : [];
  return { text: term.text, prefixFields: prefixFieldsOf(term.text), exactTexts, ranges, corrections, parts };
}

/** Fields every query word finds by prefix (spec §5's trailing wildcard over name, brand and item number). */
const NAME_PREFIX_FIELDS = TEXT_FIELD.name | TEXT_FIELD.brand | TEXT_FIELD.itemNumber;
const ALL_FIELDS = NAME_PREFIX_FIELDS | TEXT_FIELD.type | TEXT_FIELD.specification;

/**
 * From this length a query word is a prefix of type and specification words too ("prot" → Protection, "snowb" →
 * Snowboards, "blac" → Black), as of names. Shorter words find those whole only: "pro" as a prefix of a type word
 * brought all 29,324 products of Protection (of 100k), "bl" every black one — noise, not what the buyer typed.
 */
const MIN_TYPE_PREFIX_LENGTH = 4;

/** The fields in which `word` (normalised) matches terms it is a prefix of. */
function prefixFieldsOf(word: string): number {
  return word.length >= MIN_TYPE_PREFIX_LENGTH ? ALL_FIELDS : NAME_PREFIX_FIELDS;
}

/** Sets in `target` the documents where term `termId` occurs in one of `prefixFields`. */
function collectPrefixDocs(dictionary: TermDictionary, termId: number, prefixFields: number, target: Bitset): void {
  if (prefixFields === ALL_FIELDS) {
    collectRangeDocs(dictionary, termId, termId + 1, target);
    return;
  }
  const { postingStart, postingDocs, postingFields } = dictionary;
  for (let p = postingStart[termId]!; p < postingStart[termId + 1]!; p++) {
    if ((postingFields[p]! & prefixFields) !== 0) setBit(target, postingDocs[p]!);
  }
}

/** Documents matching one resolved term. */
function matchResolvedTerm(dictionary: TermDictionary, term: ResolvedTerm, size: number): Bitset {
  const bits = createEmptyBitset(size);
  for (const { start, end } of term.ranges) {
    for (let termId = start; termId < end; termId++) {
      if (term.exactTexts.includes(dictionary.terms[termId]!)) collectRangeDocs(dictionary, termId, termId + 1, bits);
      else collectPrefixDocs(dictionary, termId, term.prefixFields, bits);
    }
  }
  for (const termId of term.corrections) collectRangeDocs(dictionary, termId, termId + 1, bits);
  if (term.parts.length > 0) {
    const partBits = createFullBitset(size);
    for (const part of term.parts) intersectInto(partBits, matchResolvedTerm(dictionary, part, size));
    uniteInto(bits, partBits);
  }
  return bits;
}

/** Documents matching every term (AND); all documents when there are no terms. */
export function matchResolvedTerms(dictionary: TermDictionary, terms: readonly ResolvedTerm[], size: number): Bitset {
  const bits = createFullBitset(size);
  for (const term of terms) intersectInto(bits, matchResolvedTerm(dictionary, term, size));
  return bits;
}

/** Whether a single term matches any document (without the other terms). */
export function hasMatches(term: ResolvedTerm): boolean {
  return term.ranges.length > 0 || term.corrections.length > 0;
}

/** Name and product type outweigh brand, which outweighs specifications and item numbers. */
function weighField(fields: number): number {
  if (fields & (TEXT_FIELD.name | TEXT_FIELD.type)) return 3;
  if (fields & TEXT_FIELD.brand) return 2;
  return 1;
}

/** Exact term hits outrank every prefix hit: 7–9 against 1–3. A corrected typo scores like a prefix hit. */
const EXACT_BONUS = 6;

/**
 * The score of a term occurring in `fields`: exact in any field, a prefix only in the word's `prefixFields`
 * (prefixFieldsOf); 0 for no hit.
 */
function scoreHit(fields: number, isExact: boolean, prefixFields: number): number {
  if (isExact) return weighField(fields) + EXACT_BONUS;
  const prefixHitFields = fields & prefixFields;
  return prefixHitFields === 0 ? 0 : weighField(prefixHitFields);
}

/** The score of one dictionary term in one field set for a resolved term; 0 when it does not match. */
function scoreTermHit(dictionary: TermDictionary, term: ResolvedTerm, termId: number, fields: number): number {
  for (const { start, end } of term.ranges) {
    if (termId >= start && termId < end) {
      return scoreHit(fields, term.exactTexts.includes(dictionary.terms[termId]!), term.prefixFields);
    }
  }
  return term.corrections.includes(termId) ? weighField(fields) : 0;
}

/** Best hit of `term` among the document's terms. */
function scoreTermInDocument(
  dictionary: TermDictionary,
  documentTerms: DocumentTerms,
  doc: number,
  term: ResolvedTerm,
): number {
  let best = 0;
  for (let slot = documentTerms.start[doc]!; slot < documentTerms.start[doc + 1]!; slot++) {
    const score = scoreTermHit(dictionary, term, documentTerms.termIds[slot]!, documentTerms.fields[slot]!);
    if (score > best) best = score;
  }
  return best;
}

/**
 * Relevance of a matching document: per query term the best hit (exact > prefix or corrected typo; name and type >
 * brand > specification and item number), summed. A term matched only through its parts scores the mean of its
 * parts.
 */
export function scoreDocument(
  dictionary: TermDictionary,
  documentTerms: DocumentTerms,
  doc: number,
  terms: readonly ResolvedTerm[],
): number {
  let score = 0;
  for (const term of terms) {
    let termScore = scoreTermInDocument(dictionary, documentTerms, doc, term);
    if (termScore === 0 && term.parts.length > 0) {
      let sum = 0;
      for (const part of term.parts) sum += scoreTermInDocument(dictionary, documentTerms, doc, part);
      termScore = sum / term.parts.length;
    }
    score += termScore;
  }
  return score;
}

/** A term range longer than this (a short item-number prefix spans thousands) is not worth an upper bound. */
const MAX_BOUNDED_RANGE = 256;

/**
 * The highest score any document could reach for these terms (each term's best field and exact hit, summed), or
 * undefined when that is not cheap to know (long ranges, terms with parts). `termFields[t]` is the union of the
 * fields term t occurs in.
 */
export function findScoreBound(
  dictionary: TermDictionary,
  termFields: Uint8Array,
  terms: readonly ResolvedTerm[],
): number | undefined {
  let bound = 0;
  for (const term of terms) {
    if (term.parts.length > 0) return undefined;
    let best = 0;
    for (const { start, end } of term.ranges) {
      if (end - start > MAX_BOUNDED_RANGE) return undefined;
      for (let termId = start; termId < end; termId++) {
        best = Math.max(
          best,
          scoreHit(termFields[termId]!, term.exactTexts.includes(dictionary.terms[termId]!), term.prefixFields),
        );
      }
    }
    for (const termId of term.corrections) best = Math.max(best, weighField(termFields[termId]!));
    bound += best;
  }
  return bound;
}

/** The union of the fields each term occurs in (one pass over the postings). */
export function collectTermFields(dictionary: TermDictionary): Uint8Array {
  const { terms, postingStart, postingFields } = dictionary;
  const fields = new Uint8Array(terms.length);
  for (let term = 0; term < terms.length; term++) {
    let union = 0;
    for (let p = postingStart[term]!; p < postingStart[term + 1]!; p++) union |= postingFields[p]!;
    fields[term] = union;
  }
  return fields;
}

/** Raises `best[doc]` to the term's best hit for every document the term's postings name. */
function collectBestHits(dictionary: TermDictionary, term: ResolvedTerm, best: Uint8Array | Float64Array): void {
  const { postingStart, postingDocs, postingFields, terms } = dictionary;
  const { prefixFields } = term;
  const visit = (termId: number, isExact: boolean) => {
    for (let p = postingStart[termId]!; p < postingStart[termId + 1]!; p++) {
      const doc = postingDocs[p]!;
      const score = scoreHit(postingFields[p]!, isExact, prefixFields);
      if (score > best[doc]!) best[doc] = score;
    }
  };
  for (const { start, end } of term.ranges) {
    for (let termId = start; termId < end; termId++) visit(termId, term.exactTexts.includes(terms[termId]!));
  }
  // A corrected word is found whole, in any field, and scores like a prefix hit.
  for (const termId of term.corrections) {
    for (let p = postingStart[termId]!; p < postingStart[termId + 1]!; p++) {
      const doc = postingDocs[p]!;
      const score = weighField(postingFields[p]!);
      if (score > best[doc]!) best[doc] = score;
    }
  }
}

/**
 * The relevance of every matching document at once (the same figure as `scoreDocument`), walking each term's
 * postings instead of every match's terms: `scores[i]` is the score of `matches[i]`. `best` is an index-sized
 * scratch array the caller keeps (a term's best hit per document, 0–9 fits a byte, and a byte array stays in the
 * CPU cache where a Float64Array of every document would not).
 */
export function scoreMatches(
  dictionary: TermDictionary,
  terms: readonly ResolvedTerm[],
  matches: Uint32Array,
  best: Uint8Array,
): Float64Array {
  const scores = new Float64Array(matches.length);
  for (const term of terms) {
    best.fill(0);
    collectBestHits(dictionary, term, best);
    if (term.parts.length > 0) {
      const partSums = new Float64Array(matches.length);
      const partBest = new Uint8Array(best.length);
      for (const part of term.parts) {
        partBest.fill(0);
        collectBestHits(dictionary, part, partBest);
        for (let index = 0; index < matches.length; index++) partSums[index]! += partBest[matches[index]!]!;
      }
      for (let index = 0; index < matches.length; index++) {
        const hit = best[matches[index]!]!;
        scores[index]! += hit === 0 ? partSums[index]! / term.parts.length : hit;
      }
    } else {
      for (let index = 0; index < matches.length; index++) scores[index]! += best[matches[index]!]!;
    }
  }
  return scores;
}

/** Marks in a new bitset the matches (`scores[i]` belongs to `matches[i]`) whose score is exactly `score`. */
export function selectScore(scores: Float64Array, matches: Uint32Array, score: number, size: number): Bitset {
  const bits = createEmptyBitset(size);
  for (let index = 0; index < matches.length; index++) if (scores[index] === score) setBit(bits, matches[index]!);
  return bits;
}
