// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
import {
  type Bitset,
  countBits,
  countWords,
  createEmptyBitset,
  createFullBitset,
  hasBit,
  intersectInto,
  setBit,
} from './bitset.ts';
import { editDistance } from './edit-distance.ts';
import {
  buildCheckboxColumn,
  buildNumberColumn,
  type CheckboxColumn,
  countCheckboxValues,
  findRangeBounds,
  matchCheckbox,
  matchRange,
  type NumberColumn,
} from './facet-columns.ts';
import { MatchSet } from './match-set.ts';
import type {
  FacetResult,
  SearchDocument,
  SearchFilter,
  SearchHit,
  SearchIndexOptions,
  SearchQuery,
  SearchResult,
  SortKey,
} from './search-types.ts';
import { buildNumberSortColumn, buildTextSortColumn, rankIds, type SortColumn } from './sort-orders.ts';
import { findTermRange, type TermDictionary, TermDictionaryBuilder } from './term-dictionary.ts';
import {
  buildDocumentTerms,
  collectTermFields,
  type DocumentTerms,
  findScoreBound,
  findSuggestionDistance,
  groupWordsByLength,
  hasMatches,
  matchResolvedTerms,
  type ResolvedTerm,
  resolveQueryTerm,
  scoreDocument,
  scoreMatches,
  selectScore,
  type WordsByLength,
} from './text-match.ts';
import { normalizeItemNumber, parseQueryTerms, singularize, TEXT_FIELD, tokenizeWords } from './text-terms.ts';

/**
 * How many matches the fast path of relevance order scores before scoring every match instead: it pays off while at
 * least one match in eight reaches the best score.
 */
const TOP_SCORED_MATCHES_PER_HIT = 8;
const TOP_SCORED_EXTRA_MATCHES = 64;

/** The position of `doc` in an ascending list that holds it. */
function findInList(list: Uint32Array, doc: number): number {
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < doc) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A filter turned into the bitset of the documents it lets through. */
type AppliedFilter = { filter: SearchFilter; bits: Bitset };

/**
 * In-process search index over products: immutable once built (a refresh builds a new one and swaps it).
 *
 * Documents are numbered 0…n-1. Filters are bitsets combined word-wise; facet counts intersect per-value bitsets
 * with the mask of the OTHER filters (so an OR facet counts as if its own selection were absent); free text is a
 * sorted term dictionary answered as prefix ranges; sorting walks precomputed permutations.
 */
/** The parts of a built index: typed arrays and string arrays, so a worker thread can build them and hand them over. */
export type SearchIndexParts = {
  size: number;
  ids: string[];
  /** Document numbers in code-unit order of their ids: finds a document by id (binary search). */
  idOrder: Uint32Array;
  checkboxColumns: Array<[string, CheckboxColumn]>;
  numberColumns: Array<[string, NumberColumn]>;
  categoryBits: Array<[string, Bitset]>;
  sortColumns: Array<[string, SortColumn]>;
  dictionary: TermDictionary;
  documentTerms: DocumentTerms;
  wordsByLength: Array<[number, Uint32Array]>;
  /** Per term, the union of the fields it occurs in. */
  termFields: Uint8Array;
};

/** Document numbers ordered by id (code units); throws on a duplicate id. */
function orderIds(ids: readonly string[]): Uint32Array {
  const order = Uint32Array.from(ids, (_, doc) => doc).sort((a, b) =>
    ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0,
  );
  for (let index = 1; index < order.length; index++) {
    if (ids[order[index]!] === ids[order[index - 1]!])
      throw new Error(`Duplicate search document id ${ids[order[index]!]}`);
  }
  return order;
}

/** Builds the parts of an index from documents (the costly part: seconds at 100k documents). */
export function buildSearchIndexParts(
  documents: readonly SearchDocument[],
  options: SearchIndexOptions,
): SearchIndexParts {
  const size = documents.length;
  const ids = documents.map((document) => document.id);
  const idOrder = orderIds(ids);
  const categoryBits = new Map<string, Bitset>();
  const builder = new TermDictionaryBuilder();
  /** Each word as written and, when it differs, its singular ("helmets" → "helmet"), so both spellings find it. */
  const toTerms = (text: string): string[] =>
    tokenizeWords(text).flatMap((word) => {
      const singular = singularize(word);
      return singular === word ? [word] : [word, singular];
    });
  // Brands, category names and specification values repeat across thousands of products: tokenise each once.
  const repeatedTerms = new Map<string, string[]>();
  const addWords = (text: string, doc: number, field: number) => {
    for (const term of toTerms(text)) builder.add(term, doc, field);
  };
  const addRepeatedWords = (text: string, doc: number, field: number) => {
    let terms = repeatedTerms.get(text);
    if (terms === undefined) {
      terms = toTerms(text);
      repeatedTerms.set(text, terms);
    }
    for (const term of terms) builder.add(term, doc, field);
  };
  const specificationFields = options.specificationFields ?? [];
  documents.forEach((document, doc) => {
    addWords(document.name, doc, TEXT_FIELD.name);
    addRepeatedWords(document.brand, doc, TEXT_FIELD.brand);
    for (const typeName of document.typeNames ?? []) addRepeatedWords(typeName, doc, TEXT_FIELD.type);
    for (const field of specificationFields) {
      for (const value of document.values[field] ?? []) addRepeatedWords(value, doc, TEXT_FIELD.specification);
    }
    for (const itemNumber of [document.id, ...document.itemNumbers]) {
      const term = normalizeItemNumber(itemNumber);
      if (term.length > 0) builder.add(term, doc, TEXT_FIELD.itemNumber);
    }
    for (const categoryId of document.categoryPath) {
      let bits = categoryBits.get(categoryId);
      if (bits === undefined) {
        bits = createEmptyBitset(size);
        categoryBits.set(categoryId, bits);
      }
      setBit(bits, doc);
    }
  });
  const dictionary = builder.build();
  const termFields = collectTermFields(dictionary);

  const checkboxColumns = options.checkboxFields.map((field): [string, CheckboxColumn] => [
    field,
    buildCheckboxColumn(
      documents.map((document) => document.values[field]),
      options.labels?.[field],
      options.compareValues?.[field],
    ),
  ]);

  const idRank = rankIds(ids);
  const sortColumns: Array<[string, SortColumn]> = [
    ['id', buildTextSortColumn(ids, idRank)],
    [
      'name',
      buildTextSortColumn(
        documents.map((document) => document.name),
        idRank,
      ),
    ],
  ];
  const numberColumns: Array<[string, NumberColumn]> = [];
  for (const field of options.numberFields) {
    const values = Float64Array.from(documents, (document) => document.numbers[field] ?? Number.NaN);
    numberColumns.push([field, buildNumberColumn(values)]);
    sortColumns.push([field, buildNumberSortColumn(values, idRank)]);
  }
  return {
    size,
    ids,
    idOrder,
    checkboxColumns,
    numberColumns,
    categoryBits: [...categoryBits],
    sortColumns,
    dictionary,
    documentTerms: buildDocumentTerms(dictionary, size),
    wordsByLength: [...groupWordsByLength(dictionary, termFields)],
    termFields,
  };
}

export class SearchIndex {
  readonly size: number;
  readonly #ids: string[];
  readonly #idOrder: Uint32Array;
  readonly #checkboxColumns: Map<string, CheckboxColumn>;
  readonly #numberColumns: Map<string, NumberColumn>;
  readonly #categoryBits: Map<string, Bitset>;
  readonly #sortColumns: Map<string, SortColumn>;
  readonly #dictionary: TermDictionary;
  readonly #documentTerms: DocumentTerms;
  readonly #wordsByLength: WordsByLength;
  /** Per term, the union of the fields it occurs in. */
  readonly #termFields: Uint8Array;
  /** What the index was made from, for toParts. */
  readonly #parts: SearchIndexParts;
  /** Relevance scratch: one term's best hit per document (see scoreMatches). */
  #bestHits: Uint8Array | undefined;

  private constructor(parts: SearchIndexParts) {
    this.#parts = parts;
    this.size = parts.size;
    this.#ids = parts.ids;
    this.#idOrder = parts.idOrder;
    this.#checkboxColumns = new Map(parts.checkboxColumns);
    this.#numberColumns = new Map(parts.numberColumns);
    this.#categoryBits = new Map(parts.categoryBits);
    this.#sortColumns = new Map(parts.sortColumns);
    this.#dictionary = parts.dictionary;
    this.#documentTerms = parts.documentTerms;
    this.#wordsByLength = new Map(parts.wordsByLength);
    this.#termFields = parts.termFields;
  }

  /** Builds an index; throws on duplicate ids. */
  static build(documents: readonly SearchDocument[], options: SearchIndexOptions): SearchIndex {
    return new SearchIndex(buildSearchIndexParts(documents, options));
  }

  /**
   * An index from parts built elsewhere (a worker thread, ADR 041): costs next to nothing, nothing is rebuilt. The
   * parts are the index's own from then on (not copied).
   */
  static fromParts(parts: SearchIndexParts): SearchIndex {
    return new SearchIndex(parts);
  }

  /** The parts this index answers from (shared, not copied): what a worker thread sends back. */
  toParts(): SearchIndexParts {
    return this.#parts;
  }

  /** The document number of a product id, or undefined when it is not indexed. */
  findDocument(id: string): number | undefined {
    const ids = this.#ids;
    const order = this.#idOrder;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ids[order[middle]!]! < id) low = middle + 1;
      else high = middle;
    }
    const doc = order[low];
    return doc !== undefined && ids[doc] === id ? doc : undefined;
  }

  /** Whether a document with this id is indexed. */
  hasDocument(id: string): boolean {
    return this.findDocument(id) !== undefined;
  }

  /** Whether `field` is a checkbox facet, a number (slider) field, or unknown. */
  getFieldKind(field: string): 'checkbox' | 'number' | undefined {
    if (this.#checkboxColumns.has(field)) return 'checkbox';
    if (this.#numberColumns.has(field)) return 'number';
    return undefined;
  }

  /** The documents of these product ids; ids not in the index are left out. */
  #bitsOfIds(ids: readonly string[]): Bitset {
    const bits = createEmptyBitset(this.size);
    for (const id of ids) {
      const doc = this.findDocument(id);
      if (doc !== undefined) setBit(bits, doc);
    }
    return bits;
  }

  /** Answers a query: a page of hits in the requested order, the total, and the requested facets' options. */
  search(query: SearchQuery): SearchResult {
    const terms = this.#resolveText(query.text ?? '');
    const base =
      terms.length > 0 ? matchResolvedTerms(this.#dictionary, terms, this.size) : createFullBitset(this.size);
    if (query.categoryId !== undefined) {
      intersectInto(base, this.#categoryBits.get(query.categoryId) ?? createEmptyBitset(this.size));
    }
    if (query.productIds !== undefined) intersectInto(base, this.#bitsOfIds(query.productIds));

    const applied = this.#applyFilters(query.filters ?? []);
    const all = base.slice();
    for (const { bits } of applied) intersectInto(all, bits);
    const matches = new MatchSet(all, this.size);

    const skip = query.skip ?? 0;
    const take = query.take ?? 24;
    let hits: SearchHit[];
    if (query.rankByRelevance === true && terms.length > 0 && take > 0 && skip < matches.count) {
      const topPage = this.#selectTopScored(matches, terms, query.sort ?? [], skip, take);
      if (topPage !== undefined) return this.#answer(topPage, matches, query, applied, base);
      // Scratch shared by every query of this index (search is synchronous).
      this.#bestHits ??= new Uint8Array(this.size);
      const list = matches.list();
      const scores = scoreMatches(this.#dictionary, terms, list, this.#bestHits);
      const docs = this.#selectByRelevance(matches, scores, query.sort ?? [], skip, take);
      // The list ascends: a page document's score is found by binary search.
      hits = Array.from(docs, (doc) => ({ id: this.#ids[doc]!, score: scores[findInList(list, doc)]! }));
    } else {
      const docs = this.#selectPage(matches, query.sort ?? [], skip, take);
      hits = Array.from(docs, (doc) => ({
        id: this.#ids[doc]!,
        score: terms.length > 0 ? scoreDocument(this.#dictionary, this.#documentTerms, doc, terms) : 0,
      }));
    }
    return this.#answer(hits, matches, query, applied, base);
  }

  #answer(
    hits: SearchHit[],
    matches: MatchSet,
    query: SearchQuery,
    applied: readonly AppliedFilter[],
    base: Bitset,
  ): SearchResult {
    const facets = (query.facets ?? []).map((facet) => this.#countFacet(facet, applied, base, matches));
    return { hits, total: matches.count, facets };
  }

  /**
   * The fast path of relevance order, for the usual case of many matches of which plenty score the best possible
   * score: walk the sort permutation, scoring only the matches met, and keep those with the bound — the first of
   * them in sort order are the page. Gives up (undefined) when the bound is unknown, the sort has several keys, or
   * the page is not filled within its budget of scored matches; the caller then scores every match.
   */
  #selectTopScored(
    matches: MatchSet,
    terms: readonly ResolvedTerm[],
    sort: readonly SortKey[],
    skip: number,
    take: number,
  ): SearchHit[] | undefined {
    const key = sort.length === 1 ? sort[0]! : undefined;
    const column = key === undefined ? undefined : this.#sortColumns.get(key.field);
    if (key === undefined || column === undefined) return undefined;
    const bound = findScoreBound(this.#dictionary, this.#termFields, terms);
    if (bound === undefined) return undefined;
    const order = key.direction === 'Descending' ? column.descending.order : column.ascending.order;
    const end = Math.min(skip + take, matches.count);
    const hits: SearchHit[] = [];
    let seen = 0;
    // Scoring one document costs far more than stepping past a non-match: the budget counts the matches scored.
    let budget = TOP_SCORED_MATCHES_PER_HIT * end + TOP_SCORED_EXTRA_MATCHES;
    for (let index = 0; index < order.length && budget > 0; index++) {
      const doc = order[index]!;
      if (!hasBit(matches.bits, doc)) continue;
      budget--;
      if (scoreDocument(this.#dictionary, this.#documentTerms, doc, terms) !== bound) continue;
      if (seen >= skip) hits.push({ id: this.#ids[doc]!, score: bound });
      seen++;
      if (seen === end) return hits;
    }
    return undefined;
  }

  /** The query's terms looked up in the dictionary (plural forms, typo corrections). */
  #resolveText(text: string): ResolvedTerm[] {
    return parseQueryTerms(text).map((term) => resolveQueryTerm(this.#dictionary, this.#wordsByLength, term));
  }

  /**
   * "Did you mean": the query with every word that finds nothing on its own replaced by the nearest word of the
   * dictionary (within `findSuggestionDistance`; ties go to the word in more documents, then the shorter).
   * Null when no word needed (or had) a replacement.
   */
  correctText(text: string): string | null {
    const words: string[] = [];
    let isCorrected = false;
    for (const term of parseQueryTerms(text)) {
      const resolved = resolveQueryTerm(this.#dictionary, this.#wordsByLength, term);
      const isFound = term.parts.length > 0 ? resolved.parts.every(hasMatches) : hasMatches(resolved);
      if (isFound && resolved.corrections.length === 0) {
        words.push(term.text);
        continue;
      }
      const nearest =
        resolved.corrections.length > 0 ? this.#mostFrequent(resolved.corrections) : this.#findNearestWord(term.text);
      if (nearest === undefined) {
        words.push(term.text);
        continue;
      }
      words.push(nearest);
      isCorrected = true;
    }
    return isCorrected ? words.join(' ') : null;
  }

  /** Of these dictionary terms, the one in most documents. */
  #mostFrequent(termIds: readonly number[]): string | undefined {
    const { postingStart, terms } = this.#dictionary;
    let best: number | undefined;
    for (const termId of termIds) {
      const count = postingStart[termId + 1]! - postingStart[termId]!;
      if (best === undefined || count > postingStart[best + 1]! - postingStart[best]!) best = termId;
    }
    return best === undefined ? undefined : terms[best];
  }

  /** The dictionary word nearest to `text` within the did-you-mean distance, or undefined. */
  #findNearestWord(text: string): string | undefined {
    if (/\d/.test(text) || text.length < 3) return undefined;
    const maxDistance = findSuggestionDistance(text);
    let nearest: number[] = [];
    let nearestDistance = maxDistance + 1;
    for (let length = text.length - maxDistance; length <= text.length + maxDistance; length++) {
      for (const termId of this.#wordsByLength.get(length) ?? []) {
        const distance = editDistance(text, this.#dictionary.terms[termId]!);
        if (distance < nearestDistance) {
          nearest = [termId];
          nearestDistance = distance;
        } else if (distance === nearestDistance) nearest.push(termId);
      }
    }
    return this.#mostFrequent(nearest);
  }

  /** Whether a word occurs in the index as written (a name, brand, type or specification word, or item number). */
  hasTerm(word: string): boolean {
    const { start, end } = findTermRange(this.#dictionary, word, true);
    return end > start;
  }

  /** Products in a category and its descendants. */
  countCategory(categoryId: string): number {
    const bits = this.#categoryBits.get(categoryId);
    return bits === undefined ? 0 : countBits(bits);
  }

  /** Every value of a checkbox field with its label and how many documents hold it. */
  listValueTotals(field: string): Array<{ value: string; label: string; count: number }> {
    const column = this.#checkboxColumns.get(field);
    if (column === undefined) throw new Error(`${field} is not a checkbox field`);
    return column.values.map((value, id) => ({ value, label: column.labels[id]!, count: column.totals[id]! }));
  }

  /**
   * Relevance order: the matches grouped by score, highest first; within a score by `sort` (the spec's default
   * sorting). Only the score groups the page overlaps are ordered, each by the usual permutation walk.
   */
  #selectByRelevance(
    matches: MatchSet,
    scores: Float64Array,
    sort: readonly SortKey[],
    skip: number,
    take: number,
  ): Uint32Array {
    if (take <= 0 || skip >= matches.count) return new Uint32Array(0);
    const list = matches.list();
    // The few distinct scores and how many documents hold each (a query has a handful: sums of 1–9 per word).
    const distinct: number[] = [];
    const counts: number[] = [];
    for (let index = 0; index < list.length; index++) {
      const score = scores[index]!;
      // A plain loop: Array#indexOf per document costs more than the scoring itself.
      let slot = 0;
      while (slot < distinct.length && distinct[slot] !== score) slot++;
      if (slot === distinct.length) {
        distinct.push(score);
        counts.push(0);
      }
      counts[slot]!++;
    }
    const end = Math.min(skip + take, matches.count);
    const page = new Uint32Array(end - skip);
    let before = 0;
    let filled = 0;
    // One score for all (a one-word query hitting the same field everywhere): the default order decides alone.
    if (distinct.length === 1) return this.#selectPage(matches, sort, skip, take);
    const slots = distinct.map((_, slot) => slot).sort((a, b) => distinct[b]! - distinct[a]!);
    for (const slot of slots) {
      const score = distinct[slot]!;
      const count = counts[slot]!;
      if (before + count > skip && before < end) {
        const group = new MatchSet(selectScore(scores, list, score, this.size), this.size);
        const from = Math.max(0, skip - before);
        const docs = this.#selectPage(group, sort, from, Math.min(count, end - before) - from);
        page.set(docs, filled);
        filled += docs.length;
      }
      before += count;
      if (before >= end) break;
    }
    return page;
  }

  #applyFilters(filters: readonly SearchFilter[]): AppliedFilter[] {
    const applied: AppliedFilter[] = [];
    const fields = new Set<string>();
    for (const filter of filters) {
      if (fields.has(filter.field)) throw new Error(`Field ${filter.field} is filtered twice`);
      fields.add(filter.field);
      if (filter.type === 'Slider') {
        const column = this.#numberColumns.get(filter.field);
        if (column === undefined) throw new Error(`${filter.field} is not a number field`);
        const min = filter.min ?? null;
        const max = filter.max ?? null;
        // spec §5: a slider applies only when min or max is set.
        if (min === null && max === null) continue;
        applied.push({ filter, bits: matchRange(column, min, max, this.size) });
      } else {
        const column = this.#checkboxColumns.get(filter.field);
        if (column === undefined) throw new Error(`${filter.field} is not a checkbox field`);
        if (filter.values.length === 0) continue;
        applied.push({ filter, bits: matchCheckbox(column, filter.values, filter.type === 'CheckboxAnd', this.size) });
      }
    }
    return applied;
  }

  /** Documents matching the text, the category and every filter except the one on `field`. */
  #matchOthers(field: string, applied: readonly AppliedFilter[], base: Bitset): MatchSet {
    const bits = base.slice();
    for (const { filter, bits: filterBits } of applied) if (filter.field !== field) intersectInto(bits, filterBits);
    return new MatchSet(bits, this.size);
  }

  #countFacet(
    facet: { field: string; type: string },
    applied: readonly AppliedFilter[],
    base: Bitset,
    matches: MatchSet,
  ): FacetResult {
    const own = applied.find(({ filter }) => filter.field === facet.field)?.filter;
    const numberColumn = this.#numberColumns.get(facet.field);
    if (numberColumn !== undefined) {
      const scope = own === undefined ? matches : this.#matchOthers(facet.field, applied, base);
      const bounds = findRangeBounds(numberColumn, scope);
      const selected = own?.type === 'Slider' ? own : undefined;
      return {
        field: facet.field,
        type: 'Slider',
        ...bounds,
        selectedMin: selected?.min ?? null,
        selectedMax: selected?.max ?? null,
      };
    }
    const column = this.#checkboxColumns.get(facet.field);
    if (column === undefined) throw new Error(`${facet.field} is not a facet field`);
    const selection = own !== undefined && own.type !== 'Slider' ? own : undefined;
    const type = selection?.type ?? (facet.type === 'CheckboxAnd' ? 'CheckboxAnd' : 'CheckboxOr');
    // OR: count as if the facet's own selection were absent. AND: count within the current matches, so a
    // value's count is what ticking it as well would leave.
    const scope = selection?.type === 'CheckboxOr' ? this.#matchOthers(facet.field, applied, base) : matches;
    const counts = countCheckboxValues(column, scope);
    const selectedValues = new Set(selection?.values ?? []);
    const options: Array<{ value: string; label: string; count: number; isSelected: boolean }> = [];
    for (const id of column.optionOrder) {
      const value = column.values[id]!;
      const isSelected = selectedValues.has(value);
      if (counts[id]! > 0 || isSelected)
        options.push({ value, label: column.labels[id]!, count: counts[id]!, isSelected });
    }
    for (const value of selectedValues) {
      if (!column.valueIds.has(value)) options.push({ value, label: value, count: 0, isSelected: true });
    }
    return { field: facet.field, type, options };
  }

  /** The documents of one page, in sort order. */
  #selectPage(matches: MatchSet, sort: readonly SortKey[], skip: number, take: number): Uint32Array {
    if (take <= 0 || skip >= matches.count) return new Uint32Array(0);
    const end = Math.min(skip + take, matches.count);
    if (sort.length === 0) return matches.list().slice(skip, end);
    const columns = sort.map((key) => {
      const column = this.#sortColumns.get(key.field);
      if (column === undefined) throw new Error(`Cannot sort on ${key.field}`);
      return { column, isDescending: key.direction === 'Descending' };
    });
    if (columns.length === 1) {
      const { column, isDescending } = columns[0]!;
      return this.#selectInOrder(matches, isDescending ? column.descending : column.ascending, skip, end);
    }
    return this.#selectByRanks(matches, columns, skip, end);
  }

  /**
   * One sort key: walk the permutation while matches are dense (expected steps ≈ end × n / matches); otherwise
   * mark each match's position in a bitset and read the positions back in order (matches + n/32 steps).
   */
  #selectInOrder(
    matches: MatchSet,
    { order, position }: { order: Uint32Array; position: Uint32Array },
    skip: number,
    end: number,
  ): Uint32Array {
    const page = new Uint32Array(end - skip);
    let seen = 0;
    if ((end * this.size) / matches.count <= matches.count + countWords(this.size)) {
      for (let index = 0; index < order.length && seen < end; index++) {
        const doc = order[index]!;
        if (hasBit(matches.bits, doc)) {
          if (seen >= skip) page[seen - skip] = doc;
          seen++;
        }
      }
      return page;
    }
    const positions = createEmptyBitset(this.size);
    for (const doc of matches.list()) setBit(positions, position[doc]!);
    for (let word = 0; word < positions.length && seen < end; word++) {
      let bits = positions[word]!;
      while (bits !== 0 && seen < end) {
        const lowest = bits & -bits;
        if (seen >= skip) page[seen - skip] = order[(word << 5) + 31 - Math.clz32(lowest)]!;
        seen++;
        bits ^= lowest;
      }
    }
    return page;
  }

  /** Several sort keys: sort the matches by their ranks (documents without a value last), then by id. */
  #selectByRanks(
    matches: MatchSet,
    columns: ReadonlyArray<{ column: SortColumn; isDescending: boolean }>,
    skip: number,
    end: number,
  ): Uint32Array {
    const idPosition = this.#sortColumns.get('id')!.ascending.position;
    const docs = matches.list().slice();
    docs.sort((a, b) => {
      for (const { column, isDescending } of columns) {
        const rankA = column.rank[a]!;
        const rankB = column.rank[b]!;
        if (rankA === rankB) continue;
        if (rankA < 0) return 1;
        if (rankB < 0) return -1;
        return isDescending ? rankB - rankA : rankA - rankB;
      }
      return idPosition[a]! - idPosition[b]!;
    });
    return docs.slice(skip, end);
  }
}
