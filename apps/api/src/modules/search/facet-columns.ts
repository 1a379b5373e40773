// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
import {
  type Bitset,
  countIntersection,
  countWords,
  createEmptyBitset,
  createFullBitset,
  intersectInto,
  setBit,
  uniteInto,
} from './bitset.ts';
import type { MatchSet } from './match-set.ts';
import { TEXT_COLLATOR } from './sort-orders.ts';

/**
 * A checkbox facet field: a bitset per value (for filtering and for counting dense matches) and the values of
 * each document as a CSR array (for counting sparse matches by visiting only the matching documents).
 */
export type CheckboxColumn = {
  values: string[];
  labels: string[];
  valueIds: Map<string, number>;
  bitsets: Bitset[];
  /** Documents per value over the whole index. */
  totals: Uint32Array;
  docStart: Uint32Array;
  docValues: Uint32Array;
  /** Value ids in display order. */
  optionOrder: Uint32Array;
};

/** A numeric field: one value per document (NaN: none) and the documents with a value sorted by it. */
export type NumberColumn = {
  values: Float64Array;
  /** Documents that have a value. */
  hasValue: Bitset;
  sortedDocs: Uint32Array;
  sortedValues: Float64Array;
};

/** Builds a checkbox column from each document's values (duplicates within a document are ignored). */
export function buildCheckboxColumn(
  documentValues: ReadonlyArray<readonly string[] | undefined>,
  labels: ReadonlyMap<string, string> | undefined,
  compareValues: ((a: string, b: string) => number) | undefined,
): CheckboxColumn {
  const size = documentValues.length;
  const values: string[] = [];
  const valueIds = new Map<string, number>();
  const docStart = new Uint32Array(size + 1);
  const flat: number[] = [];
  for (let doc = 0; doc < size; doc++) {
    const seen = new Set<number>();
    for (const value of documentValues[doc] ?? []) {
      let id = valueIds.get(value);
      if (id === undefined) {
        id = values.length;
        values.push(value);
        valueIds.set(value, id);
      }
      if (!seen.has(id)) {
        seen.add(id);
        flat.push(id);
      }
    }
    docStart[doc + 1] = flat.length;
  }
  const docValues = Uint32Array.from(flat);
  const bitsets = values.map(() => createEmptyBitset(size));
  for (let doc = 0; doc < size; doc++) {
    for (let slot = docStart[doc]!; slot < docStart[doc + 1]!; slot++) setBit(bitsets[docValues[slot]!]!, doc);
  }
  const totals = Uint32Array.from(bitsets, (bits) => countIntersection(bits, bits));
  const valueLabels = values.map((value) => labels?.get(value) ?? value);
  const compare =
    compareValues === undefined
      ? (a: number, b: number) => TEXT_COLLATOR.compare(valueLabels[a]!, valueLabels[b]!)
      : (a: number, b: number) => compareValues(values[a]!, values[b]!);
  const optionOrder = Uint32Array.from(values.map((_, id) => id).sort(compare));
  return { values, labels: valueLabels, valueIds, bitsets, totals, docStart, docValues, optionOrder };
}

/** Builds a number column (NaN for documents without a value). */
export function buildNumberColumn(values: Float64Array): NumberColumn {
  const docs: number[] = [];
  for (let doc = 0; doc < values.length; doc++) if (!Number.isNaN(values[doc]!)) docs.push(doc);
  docs.sort((a, b) => values[a]! - values[b]! || a - b);
  const sortedDocs = Uint32Array.from(docs);
  const sortedValues = Float64Array.from(docs, (doc) => values[doc]!);
  const hasValue = createEmptyBitset(values.length);
  for (const doc of docs) setBit(hasValue, doc);
  return { values, hasValue, sortedDocs, sortedValues };
}

/** Documents with ALL `values` (CheckboxAnd) or ANY of them (CheckboxOr). Unknown values match nothing. */
export function matchCheckbox(column: CheckboxColumn, values: readonly string[], isAll: boolean, size: number): Bitset {
  const bits = isAll ? createFullBitset(size) : createEmptyBitset(size);
  for (const value of values) {
    const id = column.valueIds.get(value);
    if (id === undefined) {
      if (isAll) return createEmptyBitset(size);
      continue;
    }
    if (isAll) intersectInto(bits, column.bitsets[id]!);
    else uniteInto(bits, column.bitsets[id]!);
  }
  return bits;
}

/** First index in the sorted values not below `value` (or above it, when `isAfter`). */
function searchSorted(sorted: Float64Array, value: number, isAfter: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value || (isAfter && sorted[middle] === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Documents whose value lies in [min, max] (either bound may be open); documents without a value never match. */
export function matchRange(column: NumberColumn, min: number | null, max: number | null, size: number): Bitset {
  const { sortedDocs, sortedValues } = column;
  const start = min === null ? 0 : searchSorted(sortedValues, min, false);
  const end = max === null ? sortedValues.length : searchSorted(sortedValues, max, true);
  if ((end - start) * 2 <= sortedDocs.length) {
    const bits = createEmptyBitset(size);
    for (let index = start; index < end; index++) setBit(bits, sortedDocs[index]!);
    return bits;
  }
  // A wide range: start from every document with a value and clear the few outside the range.
  const bits = column.hasValue.slice();
  for (let index = 0; index < start; index++) bits[sortedDocs[index]! >>> 5]! &= ~(1 << (sortedDocs[index]! & 31));
  for (let index = end; index < sortedDocs.length; index++)
    bits[sortedDocs[index]! >>> 5]! &= ~(1 << (sortedDocs[index]! & 31));
  return bits;
}

/** Adds one to each value of each listed document. */
function countVisiting(column: CheckboxColumn, docs: Uint32Array, counts: Uint32Array): void {
  const { docStart, docValues } = column;
  for (let index = 0; index < docs.length; index++) {
    const doc = docs[index]!;
    const end = docStart[doc + 1]!;
    for (let slot = docStart[doc]!; slot < end; slot++) counts[docValues[slot]!]!++;
  }
}

/**
 * Counts per value among the documents of `matches`, the cheapest of three ways (costs measured per word or per
 * visited value, both ~10 ns here): intersect each value's bitset with the matches (values × words); visit the
 * matching documents (matches × values per document); or, for near-full sets, visit the NON-matching documents and
 * subtract from the precomputed totals — so the unfiltered search page costs next to nothing.
 */
export function countCheckboxValues(column: CheckboxColumn, matches: MatchSet): Uint32Array {
  const size = matches.size;
  const valuesPerDoc = size === 0 ? 0 : column.docValues.length / size;
  const bitsetCost = column.values.length * countWords(size);
  const visitCost = matches.count * (valuesPerDoc + 0.6);
  const complementCost = (size - matches.count) * (valuesPerDoc + 0.6) + countWords(size);
  if (complementCost < visitCost && complementCost < bitsetCost) {
    const missing = new Uint32Array(column.values.length);
    countVisiting(column, matches.listComplement(), missing);
    return column.totals.map((total, id) => total - missing[id]!);
  }
  const counts = new Uint32Array(column.values.length);
  if (bitsetCost <= visitCost) {
    for (let id = 0; id < column.values.length; id++) counts[id] = countIntersection(matches.bits, column.bitsets[id]!);
  } else {
    countVisiting(column, matches.list(), counts);
  }
  return counts;
}

/** Lowest and highest value among the documents of `mask` (null when none has a value). */
export function findRangeBounds(column: NumberColumn, matches: MatchSet): { min: number | null; max: number | null } {
  const mask = matches.bits;
  if (matches.count === 0) return { min: null, max: null };
  const { sortedDocs, sortedValues, values } = column;
  // Dense masks: scan the sorted documents from both ends (stops early). Sparse masks: visit the matches.
  if (matches.count * 8 >= sortedDocs.length) {
    let min: number | null = null;
    let max: number | null = null;
    for (let index = 0; index < sortedDocs.length; index++) {
      const doc = sortedDocs[index]!;
      if ((mask[doc >>> 5]! & (1 << (doc & 31))) !== 0) {
        min = sortedValues[index]!;
        break;
      }
    }
    for (let index = sortedDocs.length - 1; index >= 0; index--) {
      const doc = sortedDocs[index]!;
      if ((mask[doc >>> 5]! & (1 << (doc & 31))) !== 0) {
        max = sortedValues[index]!;
        break;
      }
    }
    return { min, max };
  }
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const doc of matches.list()) {
    const value = values[doc]!;
    if (Number.isNaN(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min === Number.POSITIVE_INFINITY ? { min: null, max: null } : { min, max };
}
