// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
import { type Bitset, setBit } from './bitset.ts';

/**
 * A sorted term dictionary with one posting list per term (ascending document numbers, each with the flags of
 * the text fields the term occurs in). A query term with a trailing wildcard is a contiguous range of terms,
 * found by two binary searches.
 */
export type TermDictionary = {
  /** Terms in code-unit order (the order of `<` on strings). */
  terms: string[];
  /** Postings of term t are postingDocs[postingStart[t] … postingStart[t+1]). */
  postingStart: Uint32Array;
  postingDocs: Uint32Array;
  postingFields: Uint8Array;
};

/** A growable Uint32Array: the builder appends millions of numbers without a JS array per term. */
class GrowableUint32 {
  values = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * Collects (term, document, field) occurrences; documents must be added in ascending order. Occurrences are kept
 * in flat typed arrays and grouped per term by a counting sort at the end (stable, so postings stay ascending).
 */
export class TermDictionaryBuilder {
  readonly #termIds = new Map<string, number>();
  readonly #terms: string[] = [];
  /** Per term: the last document added and the slot of that occurrence, to merge fields of a repeated term. */
  readonly #lastDoc = new GrowableUint32();
  readonly #lastSlot = new GrowableUint32();
  readonly #occurrenceTerms = new GrowableUint32();
  readonly #occurrenceDocs = new GrowableUint32();
  readonly #occurrenceFields = new GrowableUint32();

  /** Records that `term` occurs in document `doc`, field `field` (a TEXT_FIELD flag). */
  add(term: string, doc: number, field: number): void {
    let termId = this.#termIds.get(term);
    if (termId === undefined) {
      termId = this.#terms.length;
      this.#termIds.set(term, termId);
      this.#terms.push(term);
      this.#lastDoc.push(0xffffffff);
      this.#lastSlot.push(0);
    } else if (this.#lastDoc.values[termId] === doc) {
      this.#occurrenceFields.values[this.#lastSlot.values[termId]!]! |= field;
      return;
    }
    this.#lastDoc.values[termId] = doc;
    this.#lastSlot.values[termId] = this.#occurrenceTerms.length;
    this.#occurrenceTerms.push(termId);
    this.#occurrenceDocs.push(doc);
    this.#occurrenceFields.push(field);
  }

  /** Freezes the collected terms into typed arrays, terms in code-unit order. */
  build(): TermDictionary {
    const termCount = this.#terms.length;
    const order = Array.from({ length: termCount }, (_, termId) => termId);
    const terms = this.#terms;
    // Documents arrive in id order, so item numbers arrive nearly sorted: TimSort is quick on such runs.
    order.sort((a, b) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0));
    const finalId = new Uint32Array(termCount);
    order.forEach((termId, position) => {
      finalId[termId] = position;
    });

    const total = this.#occurrenceTerms.length;
    const postingStart = new Uint32Array(termCount + 1);
    for (let slot = 0; slot < total; slot++) postingStart[finalId[this.#occurrenceTerms.values[slot]!]! + 1]!++;
    for (let term = 0; term < termCount; term++) postingStart[term + 1]! += postingStart[term]!;
    const next = postingStart.slice(0, termCount);
    const postingDocs = new Uint32Array(total);
    const postingFields = new Uint8Array(total);
    for (let slot = 0; slot < total; slot++) {
      const target = next[finalId[this.#occurrenceTerms.values[slot]!]!]!++;
      postingDocs[target] = this.#occurrenceDocs.values[slot]!;
      postingFields[target] = this.#occurrenceFields.values[slot]!;
    }
    return { terms: order.map((termId) => terms[termId]!), postingStart, postingDocs, postingFields };
  }
}

/** Index of the first term ≥ `text`. */
function findLowerBound(terms: readonly string[], text: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range [start, end) of terms that start with `prefix` (or equal it, when `isExact`). */
export function findTermRange(
  dictionary: TermDictionary,
  text: string,
  isExact: boolean,
): { start: number; end: number } {
  const start = findLowerBound(dictionary.terms, text);
  if (isExact) return { start, end: dictionary.terms[start] === text ? start + 1 : start };
  // Every term with this prefix sorts before prefix + U+FFFF.
  return { start, end: findLowerBound(dictionary.terms, `${text}\uffff`) };
}

/** Sets in `target` the documents of every term in [start, end). */
export function collectRangeDocs(dictionary: TermDictionary, start: number, end: number, target: Bitset): void {
  const from = dictionary.postingStart[start]!;
  const to = dictionary.postingStart[end]!;
  const docs = dictionary.postingDocs;
  for (let p = from; p < to; p++) setBit(target, docs[p]!);
}
