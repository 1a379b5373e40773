// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
import { type Bitset, createEmptyBitset, createFullBitset, intersectInto, uniteInto } from './bitset.ts';
import { collectRangeDocs, findTermRange, type TermDictionary } from './term-dictionary.ts';
import { type QueryTerm, TEXT_FIELD } from './text-terms.ts';

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

/** Documents holding a term in the range of `text` (a prefix, or the exact term). */
function matchText(dictionary: TermDictionary, text: string, isExact: boolean, size: number): Bitset {
  const bits = createEmptyBitset(size);
  const { start, end } = findTermRange(dictionary, text, isExact);
  collectRangeDocs(dictionary, start, end, bits);
  return bits;
}

/** Documents matching one query term: the whole term as a prefix, or else all of its parts as prefixes. */
function matchQueryTerm(dictionary: TermDictionary, term: QueryTerm, size: number): Bitset {
  const bits = matchText(dictionary, term.text, term.isExact, size);
  if (term.parts.length > 0) {
    const partBits = createFullBitset(size);
    for (const part of term.parts) intersectInto(partBits, matchText(dictionary, part, false, size));
    uniteInto(bits, partBits);
  }
  return bits;
}

/** Documents matching every query term (AND); all documents when there are no terms. */
export function matchQueryTerms(dictionary: TermDictionary, terms: readonly QueryTerm[], size: number): Bitset {
  const bits = createFullBitset(size);
  for (const term of terms) intersectInto(bits, matchQueryTerm(dictionary, term, size));
  return bits;
}

/** Name outweighs brand outweighs item number. */
function weighField(fields: number): number {
  if (fields & TEXT_FIELD.name) return 3;
  if (fields & TEXT_FIELD.brand) return 2;
  return 1;
}

/** Exact term hits outrank every prefix hit: 7–9 against 1–3. */
const EXACT_BONUS = 6;

/** Best hit of `text` among the document's terms: exact hits score higher than prefix hits. */
function scoreText(
  dictionary: TermDictionary,
  documentTerms: DocumentTerms,
  doc: number,
  text: string,
  isExact: boolean,
): number {
  let best = 0;
  for (let slot = documentTerms.start[doc]!; slot < documentTerms.start[doc + 1]!; slot++) {
    const term = dictionary.terms[documentTerms.termIds[slot]!]!;
    const weight = weighField(documentTerms.fields[slot]!);
    if (term === text) best = Math.max(best, EXACT_BONUS + weight);
    else if (!isExact && term.startsWith(text)) best = Math.max(best, weight);
  }
  return best;
}

/**
 * Relevance of a matching document: per query term the best hit (exact > prefix; name > brand > item number),
 * summed. A term matched only through its parts scores the mean of its parts.
 */
export function scoreDocument(
  dictionary: TermDictionary,
  documentTerms: DocumentTerms,
  doc: number,
  terms: readonly QueryTerm[],
): number {
  let score = 0;
  for (const term of terms) {
    let termScore = scoreText(dictionary, documentTerms, doc, term.text, term.isExact);
    if (termScore === 0 && term.parts.length > 0) {
      let sum = 0;
      for (const part of term.parts) sum += scoreText(dictionary, documentTerms, doc, part, false);
      termScore = sum / term.parts.length;
    }
    score += termScore;
  }
  return score;
}
